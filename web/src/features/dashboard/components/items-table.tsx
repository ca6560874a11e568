import type { Plant } from '@model';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PlantImage } from '@/components/plant-image';
import { CareLevelBadge, HealthBadge } from '@/components/plant-badges';
import { PencilIcon, TrashIcon } from '@/components/ui/dashboard-icons';

export interface ItemsTableProps {
  plants: Plant[];
  deletingId: string | null;
  onDelete: (plant: Plant) => void;
  /** The name of the place a plant stands in; null when it stands nowhere or the reader cannot know. */
  placeOf: (plant: Plant) => string | null;
}

const headClass =
  'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300';
const cellClass = 'px-4 py-3 align-middle';

/**
 * All Items' table. On narrow screens it scrolls sideways inside its own box,
 * which takes keyboard focus so the scrolling works without a mouse too.
 */
export function ItemsTable({ plants, deletingId, onDelete, placeOf }: ItemsTableProps) {
  return (
    <div
      role="region"
      aria-label="All items"
      tabIndex={0}
      // relative: anything absolutely positioned inside scrolls with the table instead of widening the page.
      className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <table className="w-full min-w-[50rem] text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
          <tr>
            <th scope="col" className={headClass}>
              Image
            </th>
            <th scope="col" className={headClass}>
              Name
            </th>
            <th scope="col" className={headClass}>
              Category
            </th>
            <th scope="col" className={headClass}>
              Place
            </th>
            <th scope="col" className={headClass}>
              Care Level
            </th>
            <th scope="col" className={headClass}>
              Health Status
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              Actions
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
          {plants.map((plant) => (
            <tr key={plant._id} className="hover:bg-slate-50 dark:hover:bg-slate-800/50">
              <td className={cellClass}>
                {/* The name is in the next cell; the picture adds nothing a screen reader needs. */}
                <PlantImage
                  plant={plant}
                  sizes="48px"
                  alt=""
                  width={48}
                  height={48}
                  className="size-12 rounded-lg object-cover"
                />
              </td>
              <th scope="row" className={`${cellClass} text-left font-semibold text-slate-900 dark:text-white`}>
                {plant.plantName}
              </th>
              <td className={`${cellClass} text-slate-800 dark:text-slate-200`}>{plant.category}</td>
              <td className={`${cellClass} break-words text-slate-800 dark:text-slate-200`}>{placeOf(plant) ?? '—'}</td>
              <td className={cellClass}>
                <CareLevelBadge level={plant.careLevel} />
              </td>
              <td className={cellClass}>
                <HealthBadge status={plant.healthStatus} />
              </td>
              <td className={cellClass}>
                <div className="flex justify-end gap-2">
                  <Link
                    to={paths.updatePlant(plant._id)}
                    aria-label={`Edit ${plant.plantName}`}
                    className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
                  >
                    <PencilIcon size={16} />
                    Edit
                  </Link>
                  <button
                    type="button"
                    onClick={() => onDelete(plant)}
                    disabled={deletingId === plant._id}
                    aria-busy={deletingId === plant._id}
                    aria-label={`${deletingId === plant._id ? 'Deleting' : 'Delete'} ${plant.plantName}`}
                    className="inline-flex items-center gap-1.5 rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                  >
                    <TrashIcon size={16} />
                    {deletingId === plant._id ? 'Deleting...' : 'Delete'}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
