import { SectionHeading } from './section-heading';

const PLANTS = [
  {
    name: 'Snake Plant',
    image: '/images/plants/snake-plant.webp',
    light: 'Low to bright indirect light',
    water: 'Every 2-3 weeks',
    note: 'Thrives on neglect and tolerates dim corners and dry air.',
  },
  {
    name: 'Pothos',
    image: '/images/plants/pothos.webp',
    light: 'Low to medium indirect light',
    water: 'Every 1-2 weeks',
    note: 'Fast-growing trailing vines that droop to tell you they are thirsty.',
  },
  {
    name: 'ZZ Plant',
    image: '/images/plants/zz-plant.webp',
    light: 'Low to bright indirect light',
    water: 'Every 2-3 weeks',
    note: 'Stores water in its rhizomes, so a missed watering is no drama.',
  },
  {
    name: 'Spider Plant',
    image: '/images/plants/spider-plant.webp',
    light: 'Bright indirect light',
    water: 'Weekly, when the topsoil is dry',
    note: 'Produces baby plantlets you can pot up and share with friends.',
  },
];

/** Home, section 3: four static cards with care notes. */
export function BeginnerPlants() {
  return (
    <section aria-labelledby="beginner-plants-title" className="mx-auto max-w-7xl px-4 py-16">
      <SectionHeading
        id="beginner-plants-title"
        title="Beginner-Friendly Plants"
        lead="New to plant care? Start with these forgiving favourites."
      />
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {PLANTS.map((plant) => (
          <li
            key={plant.name}
            className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <img
              src={plant.image}
              alt={plant.name}
              width={800}
              height={600}
              loading="lazy"
              decoding="async"
              className="aspect-[4/3] w-full object-cover"
            />
            <div className="p-5">
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{plant.name}</h3>
              <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{plant.note}</p>
              <dl className="mt-4 space-y-1 text-sm">
                <div className="flex gap-2">
                  <dt className="font-semibold text-leaf-800 dark:text-leaf-50">Light:</dt>
                  <dd className="text-slate-700 dark:text-slate-300">{plant.light}</dd>
                </div>
                <div className="flex gap-2">
                  <dt className="font-semibold text-leaf-800 dark:text-leaf-50">Water:</dt>
                  <dd className="text-slate-700 dark:text-slate-300">{plant.water}</dd>
                </div>
              </dl>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
