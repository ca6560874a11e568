import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { FormPage } from '@/features/plants/components/form-page';
import { NavigationPending } from '@/features/plants/components/navigation-pending';
import { backLinkClass, PlantLoadError, PlantNotFound } from '@/features/plants/components/plant-page-states';
import { UpdatePlantForm } from '@/features/plants/components/update-plant-form';
import type { PlantLoaderData } from '@/features/plants/lib/load-plant';
import { returnPath } from '@/features/plants/lib/return-path';

export const ErrorBoundary = PlantLoadError;

export function Component() {
  const { plant } = useLoaderData() as PlantLoaderData;
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
        {/* Keyed by plant, so moving from one plant's form to another's starts from its values. */}
        <UpdatePlantForm key={plant._id} plant={plant} />
      </FormPage>
    </>
  );
}
