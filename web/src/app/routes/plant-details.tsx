import type { Plant } from '@model';
import { useEffect, useState } from 'react';
import { Link, useLoaderData, useLocation, useRevalidator } from 'react-router-dom';
import { paths } from '@/config/paths';
import { plantPath } from '@/features/plants/api/plant-path';
import { NavigationPending } from '@/features/plants/components/navigation-pending';
import { PlantDetails } from '@/features/plants/components/plant-details';
import { PlantLoadError, PlantNotFound } from '@/features/plants/components/plant-page-states';
import { isOwner, type PlantDetailsLoaderData } from '@/features/plants/lib/load-plant';
import { CareHistory } from '@/features/watering/components/care-history';
import { DueBadge } from '@/features/watering/components/due-badge';
import { WateredButton } from '@/features/watering/components/watered-button';
import { useWatering } from '@/features/watering/hooks/use-watering';
import { useAnswerRevision } from '@/lib/answer-updates';
import { useAuth } from '@/lib/auth';

export const ErrorBoundary = PlantLoadError;

export function Component() {
  const { plant, signedInView } = useLoaderData() as PlantDetailsLoaderData;
  // Changed on another device since the copy shown: the route loads it again.
  const revalidator = useRevalidator();
  const { revision, takeRefresh } = useAnswerRevision(plant && plantPath(plant._id));
  useEffect(() => {
    if (takeRefresh()) void revalidator.revalidate();
  }, [revision, takeRefresh, revalidator]);
  if (!plant) return <PlantNotFound />;
  // A fresh load of the route (another plant, or this one changed elsewhere) starts over.
  return <PlantPage key={`${plant._id}@${plant.updatedAt}`} loaded={plant} signedInView={signedInView} />;
}

function PlantPage({ loaded, signedInView }: { loaded: Plant; signedInView: Promise<Plant | null> }) {
  const { user } = useAuth();
  const location = useLocation();
  // Watering and undo answer the stored plant: shown at once, with the history read again.
  const [plant, setPlant] = useState(loaded);
  // The owner's view (with ownerUid) arrives just after the page is drawn and turns on the owner's controls.
  useEffect(() => {
    let current = true;
    void signedInView.then((view) => {
      if (current && view) setPlant((shown) => (shown.ownerUid ? shown : { ...shown, ownerUid: view.ownerUid, userEmail: view.userEmail }));
    });
    return () => {
      current = false;
    };
  }, [signedInView]);
  const [historyVersion, setHistoryVersion] = useState(0);
  const watering = useWatering({
    onChange: (updated) => {
      setPlant(updated);
      setHistoryVersion((n) => n + 1);
    },
  });
  const owner = isOwner(plant, user?.uid);

  const ownerActions = owner && (
    <>
      <WateredButton plant={plant} onWater={watering.water} busy={watering.isBusy(plant._id)} align="left" />
      <Link
        to={paths.updatePlant(plant._id)}
        state={{ from: location.pathname }}
        className="inline-flex items-center rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
      >
        Edit Plant
      </Link>
    </>
  );
  return (
    <>
      <NavigationPending />
      <PlantDetails plant={plant} badges={<DueBadge nextWateringDate={plant.nextWateringDate} />} ownerActions={ownerActions}>
        {owner && <CareHistory plantId={plant._id} version={historyVersion} />}
      </PlantDetails>
    </>
  );
}
