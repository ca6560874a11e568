/** The care tips on a plant's details page, chosen by its care level. */
export interface CareTips {
  title: string;
  tips: readonly string[];
}

const TIPS: Record<'easy' | 'moderate' | 'difficult' | 'general', CareTips> = {
  easy: {
    title: 'Easy care tips',
    tips: [
      'Let the top few centimetres of soil dry out before watering again.',
      'Bright, indirect light suits it; it forgives a darker corner for a while.',
      'Feed once a month in spring and summer, and not at all in winter.',
      'Wipe dust off the leaves now and then so they can breathe and catch light.',
    ],
  },
  moderate: {
    title: 'Moderate care tips',
    tips: [
      'Check the soil twice a week and water when the top layer feels dry.',
      'Keep it out of cold draughts and away from radiators.',
      'Turn the pot a quarter turn each week so it grows evenly toward the light.',
      'Feed every two to four weeks while it is growing, with a diluted fertiliser.',
      'Look under the leaves for pests when you water.',
    ],
  },
  difficult: {
    title: 'Difficult care tips',
    tips: [
      'Keep to a strict watering routine and note every watering: this plant punishes guesswork.',
      'Use a pot with drainage holes and never leave it standing in water.',
      'Raise humidity with a pebble tray or a humidifier, especially in heated rooms.',
      'Give steady, bright, indirect light and avoid moving it between spots.',
      'Inspect leaves and stems every few days for pests, spots or yellowing, and act early.',
    ],
  },
  general: {
    title: 'General care tips',
    tips: [
      'Water when the top of the soil is dry, and let excess water drain away.',
      'Give it bright, indirect light unless its label says otherwise.',
      'Check the leaves regularly for pests or discolouration.',
    ],
  },
};

/** Tips for easy, moderate or difficult plants (any letter case); general tips for anything else. */
export function careTipsFor(careLevel: string | null | undefined): CareTips {
  const level = careLevel?.trim().toLowerCase();
  return level === 'easy' || level === 'moderate' || level === 'difficult' ? TIPS[level] : TIPS.general;
}
