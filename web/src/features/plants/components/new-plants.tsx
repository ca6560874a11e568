import type { Plant } from '@model';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { paths } from '@/config/paths';
import { listPlants } from '../api/list-plants';

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
      <h2 id="new-plants-title" className="mb-8 text-center text-3xl font-bold">
        New Plants
      </h2>
      {loading && <LoadingOverlay />}
      {!loading && plants.length === 0 && (
        <p className="text-center text-slate-600 dark:text-slate-300">No plants found. Please add some plants.</p>
      )}
      <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
        {plants.map((plant) => (
          <li key={plant._id} className="flex flex-col overflow-hidden rounded-2xl bg-white shadow-md dark:bg-slate-900">
            <img src={plant.image || '/images/placeholder-plant.svg'} alt={plant.plantName} width={800} height={600} loading="lazy" className="aspect-[4/3] w-full object-cover" />
            <div className="flex flex-1 flex-col gap-2 p-4">
              <h3 className="text-lg font-semibold">{plant.plantName}</h3>
              <p className="text-sm text-slate-600 dark:text-slate-300">
                {plant.category} | Care: {plant.careLevel}
              </p>
              <Link to={paths.plant(plant._id)} className="mt-auto self-start rounded-lg bg-leaf-700 px-4 py-2 text-sm font-medium text-white hover:bg-leaf-800">
                See More
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
