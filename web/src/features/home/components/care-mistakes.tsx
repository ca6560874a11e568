import { SectionHeading } from './section-heading';

const MISTAKES = [
  {
    emoji: '💧',
    title: 'Overwatering',
    problem: 'Soggy soil suffocates roots and invites root rot, the most common way houseplants die.',
    fix: 'Water only when the top inch of soil is dry, and use pots with drainage holes.',
  },
  {
    emoji: '☀️',
    title: 'Wrong Lighting',
    problem: 'Too little light makes plants leggy and pale; harsh direct sun scorches tender leaves.',
    fix: 'Match each plant to a window: check its label for bright, medium or low light.',
  },
  {
    emoji: '✂️',
    title: 'Neglecting Pruning',
    problem: 'Dead leaves and overgrown stems drain energy and block light from new growth.',
    fix: 'Trim yellowing leaves and pinch back leggy stems every few weeks in the growing season.',
  },
  {
    emoji: '🐛',
    title: 'Ignoring Pests',
    problem: 'Spider mites, mealybugs and fungus gnats multiply fast and spread between plants.',
    fix: 'Check under leaves when you water, isolate new plants and treat early with insecticidal soap.',
  },
];

/** Home, section 2: four static cards. */
export function CareMistakes() {
  return (
    <section aria-labelledby="care-mistakes-title" className="bg-mango-50 py-16 dark:bg-slate-900">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading
          id="care-mistakes-title"
          title="Top Plant Care Mistakes"
          lead="Avoid these four common slip-ups and your plants will thank you."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {MISTAKES.map((mistake) => (
            <li key={mistake.title} className="flex flex-col rounded-2xl bg-white p-6 shadow-md dark:bg-slate-800">
              <span
                aria-hidden="true"
                className="mb-4 flex size-12 items-center justify-center rounded-full bg-mango-100 text-2xl dark:bg-slate-700"
              >
                {mistake.emoji}
              </span>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{mistake.title}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{mistake.problem}</p>
              <p className="mt-auto pt-4 text-sm font-medium text-leaf-800 dark:text-leaf-50">
                <span className="font-bold">Fix: </span>
                {mistake.fix}
              </p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
