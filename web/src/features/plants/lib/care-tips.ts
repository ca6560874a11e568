import { translate } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';

/** The care tips on a plant's details page, chosen by its care level. */
export interface CareTips {
  title: string;
  tips: readonly string[];
}

const messages = defineMessages({
  easyTitle: { id: 'plants.tips.easy.title', message: 'Easy care tips' },
  easy1: { id: 'plants.tips.easy.1', message: 'Let the top few centimetres of soil dry out before watering again.' },
  easy2: {
    id: 'plants.tips.easy.2',
    message: 'Bright, indirect light suits it; it forgives a darker corner for a while.',
  },
  easy3: { id: 'plants.tips.easy.3', message: 'Feed once a month in spring and summer, and not at all in winter.' },
  easy4: {
    id: 'plants.tips.easy.4',
    message: 'Wipe dust off the leaves now and then so they can breathe and catch light.',
  },
  moderateTitle: { id: 'plants.tips.moderate.title', message: 'Moderate care tips' },
  moderate1: {
    id: 'plants.tips.moderate.1',
    message: 'Check the soil twice a week and water when the top layer feels dry.',
  },
  moderate2: { id: 'plants.tips.moderate.2', message: 'Keep it out of cold draughts and away from radiators.' },
  moderate3: {
    id: 'plants.tips.moderate.3',
    message: 'Turn the pot a quarter turn each week so it grows evenly toward the light.',
  },
  moderate4: {
    id: 'plants.tips.moderate.4',
    message: 'Feed every two to four weeks while it is growing, with a diluted fertiliser.',
  },
  moderate5: { id: 'plants.tips.moderate.5', message: 'Look under the leaves for pests when you water.' },
  difficultTitle: { id: 'plants.tips.difficult.title', message: 'Difficult care tips' },
  difficult1: {
    id: 'plants.tips.difficult.1',
    message: 'Keep to a strict watering routine and note every watering: this plant punishes guesswork.',
  },
  difficult2: {
    id: 'plants.tips.difficult.2',
    message: 'Use a pot with drainage holes and never leave it standing in water.',
  },
  difficult3: {
    id: 'plants.tips.difficult.3',
    message: 'Raise humidity with a pebble tray or a humidifier, especially in heated rooms.',
  },
  difficult4: {
    id: 'plants.tips.difficult.4',
    message: 'Give steady, bright, indirect light and avoid moving it between spots.',
  },
  difficult5: {
    id: 'plants.tips.difficult.5',
    message: 'Inspect leaves and stems every few days for pests, spots or yellowing, and act early.',
  },
  generalTitle: { id: 'plants.tips.general.title', message: 'General care tips' },
  general1: {
    id: 'plants.tips.general.1',
    message: 'Water when the top of the soil is dry, and let excess water drain away.',
  },
  general2: { id: 'plants.tips.general.2', message: 'Give it bright, indirect light unless its label says otherwise.' },
  general3: { id: 'plants.tips.general.3', message: 'Check the leaves regularly for pests or discolouration.' },
});

const TIPS: Record<'easy' | 'moderate' | 'difficult' | 'general', { title: Message; tips: readonly Message[] }> = {
  easy: { title: messages.easyTitle, tips: [messages.easy1, messages.easy2, messages.easy3, messages.easy4] },
  moderate: {
    title: messages.moderateTitle,
    tips: [messages.moderate1, messages.moderate2, messages.moderate3, messages.moderate4, messages.moderate5],
  },
  difficult: {
    title: messages.difficultTitle,
    tips: [messages.difficult1, messages.difficult2, messages.difficult3, messages.difficult4, messages.difficult5],
  },
  general: { title: messages.generalTitle, tips: [messages.general1, messages.general2, messages.general3] },
};

/**
 * Tips for easy, moderate or difficult plants (any letter case); general tips for anything else,
 * in the app's language (`t`: a component's, so it draws again in a new one).
 */
export function careTipsFor(careLevel: string | null | undefined, t: typeof translate = translate): CareTips {
  const level = careLevel?.trim().toLowerCase();
  const { title, tips } =
    level === 'easy' || level === 'moderate' || level === 'difficult' ? TIPS[level] : TIPS.general;
  return { title: t(title), tips: tips.map((tip) => t(tip)) };
}
