import type { Plant } from '@model';
import { memo, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { CareLevelBadge } from '@/components/plant-badges';
import { PlantImage } from '@/components/plant-image';
import { Badge } from '@/components/ui/badge';
import { paths } from '@/config/paths';

/** The small "Shared" mark of a plant of the user's own that their household sees. */
export function SharedBadge({ plant }: { plant: Pick<Plant, 'shared'> }) {
  return plant.shared ? (
    <Badge tone="grey">
      Shared<span className="sr-only"> with your household</span>
    </Badge>
  ) : null;
}

export interface SharedPlantsListProps {
  /** The household's shared plants that are not the user's, each with its owner's `userName`. */
  plants: readonly Plant[];
  /** More per-plant badges beside the name (the due badge). */
  renderBadges?: (plant: Plant) => ReactNode;
  /** Per-plant actions (the Watered button: members and sitters may water). */
  renderActions?: (plant: Plant) => ReactNode;
}

/**
 * My Plants' "Shared with you": a card per plant the user's household shares with them, saying
 * whose it is, linking to its page, with the care actions the owner's list has (no Edit or Delete:
 * those stay the owner's). One column on a phone.
 */
export const SharedPlantsList = memo(function SharedPlantsList({
  plants,
  renderBadges,
  renderActions,
}: SharedPlantsListProps) {
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Plants shared with you">
      {plants.map((plant) => (
        <li
          key={plant._id}
          className="flex gap-4 rounded-2xl bg-white p-4 shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
        >
          <PlantImage
            src={plant.image}
            cardUrl={plant.cardUrl}
            thumbUrl={plant.thumbUrl}
            sizes="96px"
            alt={plant.plantName}
            width={96}
            height={72}
            loading="lazy"
            className="h-18 w-24 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
          />
          <div className="flex min-w-0 flex-1 flex-col gap-2">
            <div className="flex flex-wrap items-center gap-2">
              <Link
                to={paths.plant(plant._id)}
                className="rounded font-semibold break-words text-slate-900 underline-offset-4 hover:underline dark:text-white"
              >
                {plant.plantName}
              </Link>
              {renderBadges?.(plant)}
            </div>
            {plant.userName && (
              <p className="text-sm break-words text-slate-700 dark:text-slate-300">Shared by {plant.userName}</p>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-2 gap-y-1 text-sm text-slate-800 dark:text-slate-200">
              <dt className="font-medium">Watering:</dt>
              <dd className="break-words">{plant.wateringFrequency?.trim() || 'Not set'}</dd>
              <dt className="font-medium">Care Level:</dt>
              <dd>
                <CareLevelBadge level={plant.careLevel} />
              </dd>
            </dl>
            {renderActions && <div className="flex flex-wrap items-center gap-2">{renderActions(plant)}</div>}
          </div>
        </li>
      ))}
    </ul>
  );
});
