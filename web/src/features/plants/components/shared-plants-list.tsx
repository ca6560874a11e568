import type { Plant } from '@model';
import { memo, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { PlantCardRow, PlantFacts } from './my-plants-list';

const messages = defineMessages({
  shared: { id: 'plants.shared.badge', message: 'Shared' },
  withHousehold: { id: 'plants.shared.withHousehold', message: 'with your household' },
  sharedWithYou: { id: 'plants.shared.list', message: 'Plants shared with you' },
  sharedBy: { id: 'plants.shared.by', message: 'Shared by {name}' },
});

/** The small "Shared" mark of a plant of the user's own that their household sees. */
export function SharedBadge({ plant }: { plant: Pick<Plant, 'shared'> }) {
  const t = useT();
  return plant.shared ? (
    <Badge tone="grey">
      {t(messages.shared)}
      <span className="sr-only"> {t(messages.withHousehold)}</span>
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
  const t = useT();
  return (
    <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label={t(messages.sharedWithYou)}>
      {plants.map((plant) => (
        <PlantCardRow key={plant._id} plant={plant} badges={renderBadges?.(plant)}>
          {plant.userName && (
            <p className="text-sm break-words text-slate-700 dark:text-slate-300">
              {t(messages.sharedBy, { name: plant.userName })}
            </p>
          )}
          <PlantFacts plant={plant} category={false} />
          {renderActions && <div className="flex flex-wrap items-center gap-2">{renderActions(plant)}</div>}
        </PlantCardRow>
      ))}
    </ul>
  );
});
