import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { SectionHeading } from './section-heading';

const messages = defineMessages({
  title: { id: 'home.mistakes.title', message: 'Top Plant Care Mistakes' },
  lead: { id: 'home.mistakes.lead', message: 'Avoid these four common slip-ups and your plants will thank you.' },
  fix: { id: 'home.mistakes.fix', message: 'Fix:' },
  overwatering: { id: 'home.mistakes.overwatering.title', message: 'Overwatering' },
  overwateringProblem: {
    id: 'home.mistakes.overwatering.problem',
    message: 'Soggy soil suffocates roots and invites root rot, the most common way houseplants die.',
  },
  overwateringFix: {
    id: 'home.mistakes.overwatering.fix',
    message: 'Water only when the top inch of soil is dry, and use pots with drainage holes.',
  },
  lighting: { id: 'home.mistakes.lighting.title', message: 'Wrong Lighting' },
  lightingProblem: {
    id: 'home.mistakes.lighting.problem',
    message: 'Too little light makes plants leggy and pale; harsh direct sun scorches tender leaves.',
  },
  lightingFix: {
    id: 'home.mistakes.lighting.fix',
    message: 'Match each plant to a window: check its label for bright, medium or low light.',
  },
  pruning: { id: 'home.mistakes.pruning.title', message: 'Neglecting Pruning' },
  pruningProblem: {
    id: 'home.mistakes.pruning.problem',
    message: 'Dead leaves and overgrown stems drain energy and block light from new growth.',
  },
  pruningFix: {
    id: 'home.mistakes.pruning.fix',
    message: 'Trim yellowing leaves and pinch back leggy stems every few weeks in the growing season.',
  },
  pests: { id: 'home.mistakes.pests.title', message: 'Ignoring Pests' },
  pestsProblem: {
    id: 'home.mistakes.pests.problem',
    message: 'Spider mites, mealybugs and fungus gnats multiply fast and spread between plants.',
  },
  pestsFix: {
    id: 'home.mistakes.pests.fix',
    message: 'Check under leaves when you water, isolate new plants and treat early with insecticidal soap.',
  },
});

const MISTAKES = [
  { emoji: '💧', title: messages.overwatering, problem: messages.overwateringProblem, fix: messages.overwateringFix },
  { emoji: '☀️', title: messages.lighting, problem: messages.lightingProblem, fix: messages.lightingFix },
  { emoji: '✂️', title: messages.pruning, problem: messages.pruningProblem, fix: messages.pruningFix },
  { emoji: '🐛', title: messages.pests, problem: messages.pestsProblem, fix: messages.pestsFix },
];

/** Home, section 2: four static cards. */
export function CareMistakes() {
  const t = useT();
  return (
    <section aria-labelledby="care-mistakes-title" className="bg-mango-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="care-mistakes-title" title={t(messages.title)} lead={t(messages.lead)} />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {MISTAKES.map((mistake) => (
            <li key={mistake.emoji} className="flex flex-col rounded-2xl bg-white p-6 shadow-md dark:bg-slate-800">
              <span
                aria-hidden="true"
                className="mb-4 flex size-12 items-center justify-center rounded-full bg-mango-100 text-2xl dark:bg-slate-700"
              >
                {mistake.emoji}
              </span>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t(mistake.title)}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(mistake.problem)}</p>
              <p className="mt-auto pt-4 text-sm font-medium text-leaf-800 dark:text-leaf-50">
                <span className="font-bold">{t(messages.fix)} </span>
                {t(mistake.fix)}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
