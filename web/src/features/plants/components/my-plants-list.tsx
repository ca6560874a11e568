import type { Plant } from '@model';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { CareLevelBadge } from '@/components/plant-badges';
import { PetSafetyBadge } from '@/components/pet-safety-badge';
import { PlantImage } from '@/components/plant-image';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { describeWatering } from '@/lib/text';
import { categoryWord, fieldLabels } from '../lib/plant-words';

const messages = defineMessages({
  edit: { id: 'plants.list.edit', message: 'Edit' },
  delete: { id: 'plants.list.delete', message: 'Delete' },
  deleting: { id: 'plants.list.deleting', message: 'Deleting...' },
  category: { id: 'plants.card.category', message: 'Category:' },
  watering: { id: 'plants.card.watering', message: 'Watering:' },
  careLevel: { id: 'plants.card.careLevel', message: 'Care Level:' },
  myPlants: { id: 'plants.list.myPlants', message: 'My plants' },
  name: { id: 'plants.list.column.name', message: 'Name' },
  actions: { id: 'plants.list.column.actions', message: 'Actions' },
});

const COLUMNS = [
  fieldLabels.image,
  messages.name,
  fieldLabels.category,
  fieldLabels.wateringFrequency,
  fieldLabels.careLevel,
  messages.actions,
];

export interface MyPlantsListProps {
  plants: readonly Plant[];
  onDelete: (plant: Plant) => void;
  /** The plant being deleted: its button is disabled and says so. */
  deletingId?: string | null;
  /** Where Update Plant returns after saving. */
  from?: string;
  /** More per-plant badges beside the name (the due badge). */
  renderBadges?: (plant: Plant) => ReactNode;
  /** More per-plant actions before Edit and Delete (the Watered button). */
  renderActions?: (plant: Plant) => ReactNode;
}

const actionClass =
  'inline-flex items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70';
const editClass = `${actionClass} bg-leaf-700 text-white hover:bg-leaf-800`;
const deleteClass = `${actionClass} bg-red-700 text-white hover:bg-red-800`;

function Actions({
  plant,
  onDelete,
  deletingId,
  from,
  renderActions,
}: Omit<MyPlantsListProps, 'plants' | 'renderBadges'> & { plant: Plant }) {
  const t = useT();
  const deleting = deletingId === plant._id;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {renderActions?.(plant)}
      <Link to={paths.updatePlant(plant._id)} state={{ from }} className={editClass}>
        {t(messages.edit)} <span className="sr-only">{plant.plantName}</span>
      </Link>
      <button type="button" onClick={() => onDelete(plant)} disabled={deleting} className={deleteClass}>
        {t(deleting ? messages.deleting : messages.delete)} <span className="sr-only">{plant.plantName}</span>
      </button>
    </div>
  );
}

function NameLink({ plant }: { plant: Plant }) {
  return (
    <Link
      to={paths.plant(plant._id)}
      className="rounded font-semibold break-words text-slate-900 underline-offset-4 hover:underline dark:text-white"
    >
      {plant.plantName}
    </Link>
  );
}

/**
 * A plant as a phone-sized card: its picture, its name linking to its page with `badges` and its
 * pet-safety badge beside it, and what the list shows of it (`children`). My Plants' cards and "Shared with you" draw it.
 */
export function PlantCardRow({ plant, badges, children }: { plant: Plant; badges?: ReactNode; children: ReactNode }) {
  return (
    <li className="flex gap-4 rounded-2xl bg-white p-4 shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <PlantImage
        plant={plant}
        sizes="96px"
        width={96}
        height={72}
        className="h-18 w-24 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
      />
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <NameLink plant={plant} />
          {badges}
          <PetSafetyBadge plant={plant} />
        </div>
        {children}
      </div>
    </li>
  );
}

/**
 * What a phone-sized card says of a plant: its category (unless `category` is false: the cards of
 * "Shared with you" say whose it is instead), its watering and its care level.
 */
export function PlantFacts({ plant, category = true }: { plant: Plant; category?: boolean }) {
  const t = useT();
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm text-slate-800 dark:text-slate-200">
      {category && (
        <>
          <dt className="font-medium">{t(messages.category)}</dt>
          <dd className="break-words">{categoryWord(plant.category, t)}</dd>
        </>
      )}
      <dt className="font-medium">{t(messages.watering)}</dt>
      <dd className="break-words">{describeWatering(plant.wateringFrequency)}</dd>
      <dt className="font-medium">{t(messages.careLevel)}</dt>
      <dd>
        <CareLevelBadge level={plant.careLevel} />
      </dd>
    </dl>
  );
}

/**
 * My Plants' list: a table with Image, Name, Category, Watering Frequency,
 * Care Level and Actions from the md breakpoint, and one card per plant on a phone, so the page
 * itself never scrolls sideways. Only one of the two is displayed (the other is display:none, so
 * assistive technology meets each plant once). Memoised: a page's other state (Show more's
 * progress) renders again without redrawing every row.
 */
export const MyPlantsList = memo(function MyPlantsList({
  plants,
  onDelete,
  deletingId = null,
  from = paths.myPlants,
  renderBadges,
  renderActions,
}: MyPlantsListProps) {
  const t = useT();
  const actionProps = { onDelete, deletingId, from, renderActions };
  return (
    <>
      <div className="hidden overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 md:block dark:bg-slate-900 dark:ring-slate-800">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">{t(messages.myPlants)}</caption>
          <thead className="bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100">
            <tr>
              {COLUMNS.map((column) => (
                <th key={column.id} scope="col" className="px-4 py-3 font-semibold">
                  {t(column)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {plants.map((plant) => (
              <tr key={plant._id} className="align-middle">
                <td className="px-4 py-3">
                  <PlantImage
                    plant={plant}
                    sizes="64px"
                    width={64}
                    height={48}
                    className="h-12 w-16 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
                  />
                </td>
                <th scope="row" className="px-4 py-3 font-normal">
                  <div className="flex flex-wrap items-center gap-2">
                    <NameLink plant={plant} />
                    {renderBadges?.(plant)}
                    <PetSafetyBadge plant={plant} />
                  </div>
                </th>
                <td className="px-4 py-3 text-slate-800 dark:text-slate-200">{categoryWord(plant.category, t)}</td>
                <td className="px-4 py-3 text-slate-800 dark:text-slate-200">
                  {describeWatering(plant.wateringFrequency)}
                </td>
                <td className="px-4 py-3">
                  <CareLevelBadge level={plant.careLevel} />
                </td>
                <td className="px-4 py-3">
                  <Actions plant={plant} {...actionProps} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 md:hidden" aria-label={t(messages.myPlants)}>
        {plants.map((plant) => (
          <PlantCardRow key={plant._id} plant={plant} badges={renderBadges?.(plant)}>
            <PlantFacts plant={plant} />
            <Actions plant={plant} {...actionProps} />
          </PlantCardRow>
        ))}
      </ul>
    </>
  );
});
