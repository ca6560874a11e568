import type { Plant } from '@model';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { PlantImage } from '@/components/plant-image';
import { CareLevelBadge, HealthBadge } from '@/components/plant-badges';
import { PencilIcon, TrashIcon } from '@/components/ui/dashboard-icons';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

export interface ItemsTableProps {
  plants: Plant[];
  deletingId: string | null;
  onDelete: (plant: Plant) => void;
  /** The name of the place a plant stands in; null when it stands nowhere or the reader cannot know. */
  placeOf: (plant: Plant) => string | null;
}

const messages = defineMessages({
  label: { id: 'dashboard.items.label', message: 'All items' },
  image: { id: 'dashboard.items.image', message: 'Image' },
  name: { id: 'dashboard.items.name', message: 'Name' },
  category: { id: 'dashboard.items.category', message: 'Category' },
  place: { id: 'dashboard.items.place', message: 'Place' },
  careLevel: { id: 'dashboard.items.careLevel', message: 'Care Level' },
  health: { id: 'dashboard.items.health', message: 'Health Status' },
  actions: { id: 'dashboard.items.actions', message: 'Actions' },
  edit: { id: 'dashboard.items.edit', message: 'Edit' },
  editPlant: { id: 'dashboard.items.editPlant', message: 'Edit {name}' },
  delete: { id: 'dashboard.delete', message: 'Delete' },
  deleting: { id: 'dashboard.deleting', message: 'Deleting...' },
  deletePlant: { id: 'dashboard.deletePlant', message: 'Delete {name}' },
  deletingPlant: { id: 'dashboard.deletingPlant', message: 'Deleting {name}' },
  // The model's categories (CATEGORIES) in the app's language; another stored word shows as it is.
  categoryName: {
    id: 'dashboard.items.categoryName',
    message:
      '{category, select, succulent {succulent} fern {fern} flowering {flowering} bonsai {bonsai} Fruit {Fruit} Flower {Flower} Vegetable {Vegetable} Herbs {Herbs} other {{category}}}',
  },
});

const headClass =
  'px-4 py-3 text-left text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300';
const cellClass = 'px-4 py-3 align-middle';

/**
 * All Items' table. On narrow screens it scrolls sideways inside its own box,
 * which takes keyboard focus so the scrolling works without a mouse too.
 */
export function ItemsTable({ plants, deletingId, onDelete, placeOf }: ItemsTableProps) {
  const t = useT();
  return (
    <div
      role="region"
      aria-label={t(messages.label)}
      tabIndex={0}
      // relative: anything absolutely positioned inside scrolls with the table instead of widening the page.
      className="relative overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <table className="w-full min-w-[50rem] text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 dark:border-slate-800 dark:bg-slate-950">
          <tr>
            <th scope="col" className={headClass}>
              {t(messages.image)}
            </th>
            <th scope="col" className={headClass}>
              {t(messages.name)}
            </th>
            <th scope="col" className={headClass}>
              {t(messages.category)}
            </th>
            <th scope="col" className={headClass}>
              {t(messages.place)}
            </th>
            <th scope="col" className={headClass}>
              {t(messages.careLevel)}
            </th>
            <th scope="col" className={headClass}>
              {t(messages.health)}
            </th>
            <th scope="col" className={`${headClass} text-right`}>
              {t(messages.actions)}
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
              <td className={`${cellClass} text-slate-800 dark:text-slate-200`}>
                {t(messages.categoryName, { category: plant.category })}
              </td>
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
                    aria-label={t(messages.editPlant, { name: plant.plantName })}
                    className="inline-flex items-center gap-1.5 rounded-lg border border-slate-300 px-3 py-1.5 font-semibold text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
                  >
                    <PencilIcon size={16} />
                    {t(messages.edit)}
                  </Link>
                  <button
                    type="button"
                    onClick={() => onDelete(plant)}
                    disabled={deletingId === plant._id}
                    aria-busy={deletingId === plant._id}
                    aria-label={t(deletingId === plant._id ? messages.deletingPlant : messages.deletePlant, {
                      name: plant.plantName,
                    })}
                    className="inline-flex items-center gap-1.5 rounded-lg bg-red-700 px-3 py-1.5 font-semibold text-white hover:bg-red-800 disabled:opacity-60"
                  >
                    <TrashIcon size={16} />
                    {t(deletingId === plant._id ? messages.deleting : messages.delete)}
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
