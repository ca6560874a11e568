import type { Plant } from '@model';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { listPlants } from '../api/list-plants';
import { PlantImage } from './plant-image';

export const NEW_PLANTS_COUNT = 8;

/** Home, section 1: the latest 8 plants, newest first. */
export function NewPlants() {
  const [plants, setPlants] = useState<Plant[]>([]);
  const [loading, setLoading] = useState(true);

  useEffect(() => {
    const controller = new AbortController();
    listPlants({ limit: NEW_PLANTS_COUNT, signal: controller.signal })
      .then(setPlants)
      // SPEC.md section 8: a home fetch failure is only logged, and loading ends.
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.error('Failed to load new plants', error);
      })
      .finally(() => {
        if (!controller.signal.aborted) setLoading(false);
      });
    return () => controller.abort();
  }, []);

  return (
    <section aria-labelledby="new-plants-title" className="mx-auto max-w-7xl px-4 py-12">
      <div className="mx-auto mb-10 max-w-2xl text-center">
        <h2 id="new-plants-title" className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          New Plants
        </h2>
        <p className="mt-3 text-slate-700 dark:text-slate-300">The latest additions from our community of growers.</p>
      </div>
      {loading && <LoadingOverlay />}
      {!loading && plants.length === 0 && <p className="text-center text-slate-700 dark:text-slate-300">No plants found. Please add some plants.</p>}
      {loading && (
        // Same-sized placeholders keep the sections below from jumping when the cards arrive.
        <div aria-hidden="true" className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
          {Array.from({ length: NEW_PLANTS_COUNT }, (_, i) => (
            <div key={i} className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
              <div className="aspect-[4/3] w-full bg-slate-200 dark:bg-slate-800" />
              <div className="flex flex-col gap-2 p-4">
                <div className="h-7 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
                <div className="h-5 w-1/2 rounded bg-slate-200 dark:bg-slate-800" />
                <div className="mt-2 h-9 w-24 rounded-lg bg-slate-200 dark:bg-slate-800" />
              </div>
            </div>
          ))}
        </div>
      )}
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {plants.map((plant) => (
          <li
            key={plant._id}
            className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <PlantImage src={plant.image} alt={plant.plantName} width={800} height={600} loading="lazy" className="aspect-[4/3] w-full object-cover" />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="text-lg font-semibold">{plant.plantName}</h3>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                {plant.category} | Care: {plant.careLevel}
              </p>
              <Link
                to={paths.plant(plant._id)}
                className="mt-auto self-start rounded-lg bg-leaf-700 px-4 py-2 text-sm font-medium text-white hover:bg-leaf-800"
              >
                See More<span className="sr-only"> about {plant.plantName}</span>
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
