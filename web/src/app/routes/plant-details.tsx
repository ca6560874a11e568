import { Link, useLoaderData, useLocation } from 'react-router-dom';
import { paths } from '@/config/paths';
import { NavigationPending } from '@/features/plants/components/navigation-pending';
import { PlantDetails } from '@/features/plants/components/plant-details';
import { PlantLoadError, PlantNotFound } from '@/features/plants/components/plant-page-states';
import { isOwner, loadPlant, type PlantLoaderData } from '@/features/plants/lib/load-plant';
import { useAuth } from '@/lib/auth';

export const loader = loadPlant;
export const ErrorBoundary = PlantLoadError;

export function Component() {
  const { plant } = useLoaderData() as PlantLoaderData;
  const { user } = useAuth();
  const location = useLocation();
  if (!plant) return <PlantNotFound />;
  const ownerActions = isOwner(plant, user?.uid) && (
    <Link
      to={paths.updatePlant(plant._id)}
      state={{ from: location.pathname }}
      className="inline-flex items-center rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white hover:bg-leaf-800"
    >
      Edit Plant
    </Link>
  );
  return (
    <>
      <NavigationPending />
      <PlantDetails plant={plant} ownerActions={ownerActions} />
    </>
  );
}
