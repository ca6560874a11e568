import type { Plant } from '@model';
import type { ReactNode } from 'react';
import { PlantImage } from '@/components/plant-image';
import { HealthBadge } from '@/components/plant-badges';
import { formatMediumDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { describeWatering } from '@/lib/text';
import { CareLevelBar } from './care-level-bar';
import { TrashIcon } from '@/components/ui/dashboard-icons';

const messages = defineMessages({
  watering: { id: 'dashboard.card.watering', message: 'Watering' },
  nextWatering: { id: 'dashboard.card.nextWatering', message: 'Next watering' },
  delete: { id: 'dashboard.delete', message: 'Delete' },
  deleting: { id: 'dashboard.deleting', message: 'Deleting...' },
  deletePlant: { id: 'dashboard.deletePlant', message: 'Delete {name}' },
  deletingPlant: { id: 'dashboard.deletingPlant', message: 'Deleting {name}' },
});

export interface MyItemCardProps {
  plant: Plant;
  deleting: boolean;
  onDelete: (plant: Plant) => void;
  /** More for the card's header (a due badge) and footer (a Watered button), for later features. */
  badges?: ReactNode;
  actions?: ReactNode;
}

/** One of the user's plants on My Items. */
export function MyItemCard({ plant, deleting, onDelete, badges, actions }: MyItemCardProps) {
  const t = useT();
  return (
    <article
      aria-labelledby={`item-${plant._id}`}
      className="flex w-full flex-col overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <PlantImage
        plant={plant}
        sizes="(min-width: 1280px) 33vw, (min-width: 640px) 50vw, 100vw"
        width={800}
        height={600}
        className="aspect-[4/3] w-full object-cover"
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <div className="flex items-start justify-between gap-2">
          <h2
            id={`item-${plant._id}`}
            className="min-w-0 break-words text-lg font-semibold text-slate-900 dark:text-white"
          >
            {plant.plantName}
          </h2>
          <div className="flex shrink-0 flex-wrap justify-end gap-1">
            <HealthBadge status={plant.healthStatus} />
            {badges}
          </div>
        </div>
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold text-slate-700 dark:text-slate-300">{t(messages.watering)}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{describeWatering(plant.wateringFrequency)}</dd>
          <dt className="font-semibold text-slate-700 dark:text-slate-300">{t(messages.nextWatering)}</dt>
          <dd className="text-slate-900 dark:text-slate-100">{formatMediumDate(plant.nextWateringDate)}</dd>
        </dl>
        <CareLevelBar level={plant.careLevel} />
        {plant.description && (
          <p className="line-clamp-3 text-sm text-slate-700 dark:text-slate-300">{plant.description}</p>
        )}
        <div className="mt-auto flex flex-wrap justify-end gap-2 pt-2">
          {actions}
          <button
            type="button"
            onClick={() => onDelete(plant)}
            disabled={deleting}
            aria-busy={deleting}
            aria-label={t(deleting ? messages.deletingPlant : messages.deletePlant, { name: plant.plantName })}
            className="inline-flex items-center gap-1.5 rounded-lg bg-red-700 px-3 py-1.5 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
          >
            <TrashIcon size={16} />
            {t(deleting ? messages.deleting : messages.delete)}
          </button>
        </div>
      </div>
    </article>
  );
}
