import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { SectionHeading } from './section-heading';

const messages = defineMessages({
  title: { id: 'home.beginners.title', message: 'Beginner-Friendly Plants' },
  lead: { id: 'home.beginners.lead', message: 'New to plant care? Start with these forgiving favourites.' },
  light: { id: 'home.beginners.light', message: 'Light:' },
  water: { id: 'home.beginners.water', message: 'Water:' },
  lowToBright: { id: 'home.beginners.lowToBright', message: 'Low to bright indirect light' },
  lowToMedium: { id: 'home.beginners.lowToMedium', message: 'Low to medium indirect light' },
  bright: { id: 'home.beginners.bright', message: 'Bright indirect light' },
  every2To3Weeks: { id: 'home.beginners.every2To3Weeks', message: 'Every 2-3 weeks' },
  every1To2Weeks: { id: 'home.beginners.every1To2Weeks', message: 'Every 1-2 weeks' },
  weeklyWhenDry: { id: 'home.beginners.weeklyWhenDry', message: 'Weekly, when the topsoil is dry' },
  snakePlant: { id: 'home.beginners.snakePlant.name', message: 'Snake Plant' },
  snakePlantNote: {
    id: 'home.beginners.snakePlant.note',
    message: 'Thrives on neglect and tolerates dim corners and dry air.',
  },
  pothos: { id: 'home.beginners.pothos.name', message: 'Pothos' },
  pothosNote: {
    id: 'home.beginners.pothos.note',
    message: 'Fast-growing trailing vines that droop to tell you they are thirsty.',
  },
  zzPlant: { id: 'home.beginners.zzPlant.name', message: 'ZZ Plant' },
  zzPlantNote: {
    id: 'home.beginners.zzPlant.note',
    message: 'Stores water in its rhizomes, so a missed watering is no drama.',
  },
  spiderPlant: { id: 'home.beginners.spiderPlant.name', message: 'Spider Plant' },
  spiderPlantNote: {
    id: 'home.beginners.spiderPlant.note',
    message: 'Produces baby plantlets you can pot up and share with friends.',
  },
});

const PLANTS = [
  {
    name: messages.snakePlant,
    image: '/images/plants/snake-plant.webp',
    light: messages.lowToBright,
    water: messages.every2To3Weeks,
    note: messages.snakePlantNote,
  },
  {
    name: messages.pothos,
    image: '/images/plants/pothos.webp',
    light: messages.lowToMedium,
    water: messages.every1To2Weeks,
    note: messages.pothosNote,
  },
  {
    name: messages.zzPlant,
    image: '/images/plants/zz-plant.webp',
    light: messages.lowToBright,
    water: messages.every2To3Weeks,
    note: messages.zzPlantNote,
  },
  {
    name: messages.spiderPlant,
    image: '/images/plants/spider-plant.webp',
    light: messages.bright,
    water: messages.weeklyWhenDry,
    note: messages.spiderPlantNote,
  },
];

/** Home, section 3: four static cards with care notes. */
export function BeginnerPlants() {
  const t = useT();
  return (
    <section aria-labelledby="beginner-plants-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading id="beginner-plants-title" title={t(messages.title)} lead={t(messages.lead)} />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PLANTS.map((plant) => (
          <li
            key={plant.image}
            className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <img
              src={plant.image}
              alt={t(plant.name)}
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full object-cover"
            />
            <div className="p-5">
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{t(plant.name)}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{t(plant.note)}</p>
              <dl className="mt-4 space-y-1 text-sm">
                <div className="flex gap-2">
                  <dt className="font-semibold text-leaf-800 dark:text-leaf-50">{t(messages.light)}</dt>
                  <dd className="text-slate-700 dark:text-slate-300">{t(plant.light)}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="font-semibold text-leaf-800 dark:text-leaf-50">{t(messages.water)}</dt>
                  <dd className="text-slate-700 dark:text-slate-300">{t(plant.water)}</dd>
                </div>
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
