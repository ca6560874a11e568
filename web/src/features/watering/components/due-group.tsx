import type { Plant } from '@model';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PlantImage } from '@/features/plants/components/plant-image';
import { DueBadge } from './due-badge';
import { WateredButton } from './watered-button';

export interface DueGroupProps {
  /** 'overdue', 'today' or 'upcoming': the heading's id. */
  id: string;
  title: string;
  plants: readonly Plant[];
  /** Shown when the group has no plant. */
  empty: string;
  onWater: (plant: Pick<Plant, '_id' | 'plantName'>, date?: string) => void | Promise<unknown>;
  isBusy: (id: string) => boolean;
}

/** One of the Today page's groups: a heading with its count, and each plant with its badge and Watered. */
export function DueGroup({ id, title, plants, empty, onWater, isBusy }: DueGroupProps) {
  const headingId = `today-${id}`;
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold text-slate-900 dark:text-white">
        {title}{' '}
        <span aria-hidden="true" className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          {plants.length}
        </span>
        <span className="sr-only">({plants.length === 1 ? '1 plant' : `${plants.length} plants`})</span>
      </h2>
      {plants.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-5 text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
          {empty}
        </p>
      ) : (
        <ul className="space-y-3" aria-labelledby={headingId}>
          {plants.map((plant) => (
            <li
              key={plant._id}
              className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:flex-nowrap dark:bg-slate-900 dark:ring-slate-800"
            >
              <PlantImage
                src={plant.image}
                alt=""
                width={64}
                height={48}
                loading="lazy"
                className="h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
              />
              <div className="min-w-0 flex-1">
                <Link
                  to={paths.plant(plant._id)}
                  className="rounded font-semibold break-words text-slate-900 underline-offset-4 hover:underline dark:text-white"
                >
                  {plant.plantName}
                </Link>
                <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                  <DueBadge nextWateringDate={plant.nextWateringDate} />
                  {plant.wateringFrequency && <span className="break-words">{plant.wateringFrequency}</span>}
                </div>
              </div>
              <WateredButton plant={plant} onWater={onWater} busy={isBusy(plant._id)} size="small" />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
