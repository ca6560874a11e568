import type { Plant } from '@model';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatLocaleDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { describeWatering } from '@/lib/text';
import { CareLevelBadge } from '@/components/plant-badges';
import { PetSafetyBadge } from '@/components/pet-safety-badge';
import { CARD_GRID_SIZES } from '@/components/plant-image';
import { categoryWord } from '../lib/plant-words';
import { PlantPhoto } from './plant-photo';

const messages = defineMessages({
  category: { id: 'plants.card.category', message: 'Category:' },
  watering: { id: 'plants.card.watering', message: 'Watering:' },
  nextWatering: { id: 'plants.card.nextWatering', message: 'Next Watering:' },
  careLevel: { id: 'plants.card.careLevel', message: 'Care Level:' },
  viewDetails: { id: 'plants.card.viewDetails', message: 'View Details' },
  ofPlant: { id: 'plants.card.ofPlant', message: 'of {name}' },
});

export interface PlantCardProps {
  plant: Plant;
  /** The first card loads its image at once and first; the rest wait until scrolled near. */
  eager?: boolean;
  /** More badges under the name (the due badge), before the pet-safety badge. */
  badges?: ReactNode;
  /** More actions beside View Details (the Watered button, for the owner). */
  actions?: ReactNode;
}

/**
 * All Plants' card: image or 'No image available', name with its badges (pet safety), Category, Watering,
 * Next Watering (locale date), Care Level in its colour, and View Details.
 */
export function PlantCard({ plant, eager = false, badges, actions }: PlantCardProps) {
  const t = useT();
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <PlantPhoto
        plant={plant}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        width={400}
        height={300}
        sizes={CARD_GRID_SIZES}
      />
      <div className="flex flex-1 flex-col gap-3 p-4">
        <h2 className="text-lg font-semibold break-words text-slate-900 dark:text-white">{plant.plantName}</h2>
        {/* empty:hidden: a plant with no due date and no word on pets leaves no gap under its name. */}
        <div className="flex flex-wrap gap-2 empty:hidden">
          {badges}
          <PetSafetyBadge plant={plant} />
        </div>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-2 gap-y-1.5 text-sm text-slate-800 dark:text-slate-200">
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t(messages.category)}</dt>
          <dd className="break-words">{categoryWord(plant.category, t)}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t(messages.watering)}</dt>
          <dd className="break-words">{describeWatering(plant.wateringFrequency)}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t(messages.nextWatering)}</dt>
          <dd>{formatLocaleDate(plant.nextWateringDate)}</dd>
          <dt className="font-medium text-slate-700 dark:text-slate-300">{t(messages.careLevel)}</dt>
          <dd>
            <CareLevelBadge level={plant.careLevel} />
          </dd>
        </dl>
        <div className="mt-auto flex flex-wrap items-center gap-2 pt-2">
          <Link
            to={paths.plant(plant._id)}
            className="inline-flex items-center rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
          >
            {t(messages.viewDetails)} <span className="sr-only">{t(messages.ofPlant, { name: plant.plantName })}</span>
          </Link>
          {actions}
        </div>
      </div>
    </article>
  );
}

/** A card-sized grey shape for the loading state, so the grid does not jump when plants arrive. */
export function PlantCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-2xl bg-white shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <div className="aspect-[4/3] w-full bg-slate-200 dark:bg-slate-800" />
      <div className="flex flex-col gap-3 p-4">
        <div className="h-7 w-2/3 rounded bg-slate-200 dark:bg-slate-800" />
        <div className="h-24 w-full rounded bg-slate-100 dark:bg-slate-800/60" />
        <div className="mt-2 h-9 w-28 rounded-lg bg-slate-200 dark:bg-slate-800" />
      </div>
    </div>
  );
}
