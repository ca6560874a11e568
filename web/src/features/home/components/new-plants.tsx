import type { Plant } from '@model';
import { Link } from 'react-router-dom';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { CARD_GRID_SIZES, PlantImage } from '@/components/plant-image';
import { AnswerSuspense } from '@/lib/hydration';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useAnswer, type Answer } from '@/lib/server-state';
import { NEW_PLANTS_COUNT } from '../lib/new-plants-count';

const messages = defineMessages({
  title: { id: 'home.newPlants.title', message: 'New Plants' },
  lead: { id: 'home.newPlants.lead', message: 'The latest additions from our community of growers.' },
  none: { id: 'home.newPlants.none', message: 'No plants found. Please add some plants.' },
  summary: { id: 'home.newPlants.summary', message: '{category} | Care: {careLevel}' },
  seeMore: { id: 'home.newPlants.seeMore', message: 'See More' },
  about: { id: 'home.newPlants.about', message: ' about {name}' },
});

/** Home, section 1: the latest 8 plants, newest first (the route's loader reads them). */
export function NewPlants({ plants }: { plants: Answer<Plant[]> }) {
  const t = useT();
  return (
    <section aria-labelledby="new-plants-title" className="mx-auto max-w-7xl px-4 py-12">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h2
          id="new-plants-title"
          className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white"
        >
          {t(messages.title)}
        </h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">{t(messages.lead)}</p>
      </div>
      <AnswerSuspense
        fallback={
          <>
            <LoadingOverlay />
            {/* Same-sized placeholders keep the sections below from jumping when the cards arrive. */}
            <div aria-hidden="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
              {Array.from({ length: NEW_PLANTS_COUNT }, (_, i) => (
                <div
                  key={i}
                  className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
                >
                  <div className="aspect-[4/3] w-full bg-slate-200 dark:bg-slate-800" />
                  <div className="flex flex-col gap-2 p-4">
                    <div className="h-7 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
                    <div className="h-5 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
                    <div className="mt-2 h-9 w-24 rounded-lg bg-slate-200 dark:bg-slate-800" />
                  </div>
                </div>
              ))}
            </div>
          </>
        }
      >
        <PlantCards plants={plants} />
      </AnswerSuspense>
    </section>
  );
}

function PlantCards({ plants: answer }: { plants: Answer<Plant[]> }) {
  const plants = useAnswer(answer);
  const t = useT();
  if (plants.length === 0) return <p className="text-center text-slate-700 dark:text-slate-300">{t(messages.none)}</p>;
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {plants.map((plant) => (
        <li
          key={plant._id}
          className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <PlantImage
            plant={plant}
            sizes={CARD_GRID_SIZES}
            width={800}
            height={600}
            className="aspect-[4/3] w-full object-cover"
          />
          <div className="flex flex-1 flex-col gap-2 p-4">
            <h3 className="text-lg font-semibold">{plant.plantName}</h3>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t(messages.summary, { category: plant.category, careLevel: plant.careLevel })}
            </p>
            <Link
              to={paths.plant(plant._id)}
              className="mt-auto self-start rounded-lg bg-leaf-700 px-4 py-2 text-sm font-medium text-white hover:bg-leaf-800"
            >
              {t(messages.seeMore)}
              <span className="sr-only">{t(messages.about, { name: plant.plantName })}</span>
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}
