import type { Plant } from '@model';
import { Suspense, useMemo } from 'react';
import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FormPage } from '@/features/plants/components/form-page';
import { NavigationPending } from '@/features/plants/components/navigation-pending';
import { backLinkClass, PlantLoadError, PlantNotFound } from '@/features/plants/components/plant-page-states';
import { PlantForm } from '@/features/plants/components/plant-form';
import type { PlantLoaderData } from '@/app/routes/plant.data';
import { updatePlantForm } from '@/features/plants/lib/plant-form-variants';
import { returnPath } from '@/features/plants/lib/return-path';
import { useAnswer, type Answer } from '@/lib/server-state';

export const ErrorBoundary = PlantLoadError;

export function Component() {
  const { plant, signedInView } = useLoaderData() as PlantLoaderData;
  const location = useLocation();
  if (!plant) return <PlantNotFound />;
  const back = returnPath(location.state);
  return (
    <>
      <NavigationPending />
      <FormPage
        title="Update Plant"
        lead={`Change the details of ${plant.plantName}. Description is optional; every other field is required.`}
        before={
          <p className="mb-4">
            <Link to={back} className={backLinkClass}>
              ← Back{back === paths.myPlants ? ' to My Plants' : ''}
            </Link>
          </p>
        }
      >
        <Suspense
          fallback={
            <p role="status" aria-busy="true" className="text-slate-700 dark:text-slate-300">
              Loading, please wait...
            </p>
          }
        >
          <Form plant={plant} signedInView={signedInView} />
        </Suspense>
      </FormPage>
    </>
  );
}

/** The form starts from the owner's view, which has the care schedules More care shows. */
function Form({ plant, signedInView }: { plant: Plant; signedInView: Answer<Plant | null> }) {
  const view = useAnswer(signedInView);
  const variant = useMemo(() => updatePlantForm(view ?? plant, view?.care), [view, plant]);
  // Keyed by plant, so moving from one plant's form to another's starts from its values.
  return <PlantForm key={plant._id} variant={variant} />;
}
