import type { Plant } from '@model';
import type { PlantEvent } from '@model/plant-events';
import { Suspense } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { plantEventsPath } from '@/features/plants/api/list-plant-events';
import { NavigationPending } from '@/features/plants/components/navigation-pending';
import { ownerActionsClass, PlantDetails } from '@/features/plants/components/plant-details';
import { PlantLoadError, PlantNotFound } from '@/features/plants/components/plant-page-states';
import { usePlantEdits } from '@/features/plants/hooks/use-plant-edits';
import { isOwner, type PlantDetailsLoaderData } from '@/features/plants/lib/load-plant';
import { CareHistory } from '@/features/watering/components/care-history';
import { DueBadge } from '@/features/watering/components/due-badge';
import { WateredButton } from '@/features/watering/components/watered-button';
import { useWatering, type WateringFlow } from '@/features/watering/hooks/use-watering';
import { useAuth } from '@/lib/auth';
import { invalidate, useAnswer, type Answer, type Settled } from '@/lib/server-state';

export const ErrorBoundary = PlantLoadError;

export function Component() {
  const data = useLoaderData() as PlantDetailsLoaderData;
  if (!data.plant) return <PlantNotFound />;
  return <PlantPage loaded={data.plant} data={data} />;
}

function PlantPage({ loaded, data }: { loaded: Plant; data: PlantDetailsLoaderData }) {
  // Watering and undo answer the stored plant: shown at once, and the history is read again.
  const edits = usePlantEdits(loaded);
  const plant = edits.apply([loaded])[0] ?? loaded;
  const watering = useWatering({
    onChange: (updated) => {
      edits.replacePlant(updated);
      void invalidate([plantEventsPath(updated._id)]);
    },
  });
  // The owner's parts wait for the signed-in view (it carries ownerUid), which arrives just after the page is drawn.
  return (
    <>
      <NavigationPending />
      <PlantDetails
        plant={plant}
        badges={<DueBadge nextWateringDate={plant.nextWateringDate} />}
        ownerActions={
          <Suspense fallback={null}>
            <OwnerActions plant={plant} signedInView={data.signedInView} watering={watering} />
          </Suspense>
        }
      >
        <Suspense fallback={null}>
          <OwnerHistory plant={plant} signedInView={data.signedInView} history={data.history} />
        </Suspense>
      </PlantDetails>
    </>
  );
}

interface OwnerProps {
  plant: Plant;
  signedInView: Answer<Plant | null>;
}

/** Whether the signed-in user owns the plant: the API sends ownerUid to the owner only. */
function useOwner({ plant, signedInView }: OwnerProps): boolean {
  const { user } = useAuth();
  const view = useAnswer(signedInView);
  return isOwner(plant, user?.uid) || Boolean(view && isOwner(view, user?.uid));
}

function OwnerActions({ watering, ...props }: OwnerProps & { watering: WateringFlow }) {
  const location = useLocation();
  const { plant } = props;
  if (!useOwner(props)) return null;
  return (
    <div className={ownerActionsClass}>
      <WateredButton plant={plant} onWater={watering.water} busy={watering.isBusy(plant._id)} align="left" />
      <Link
        to={paths.updatePlant(plant._id)}
        state={{ from: location.pathname }}
        className="inline-flex items-center rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
      >
        Edit Plant
      </Link>
    </div>
  );
}

function OwnerHistory({ history, ...props }: OwnerProps & { history: Answer<Settled<PlantEvent[]> | null> }) {
  return useOwner(props) ? <CareHistory plantId={props.plant._id} history={history} /> : null;
}
