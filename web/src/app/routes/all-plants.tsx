import { useLoaderData } from 'react-router-dom';
import { AllPlantsView } from '@/features/plants/components/all-plants-view';
import type { AllPlantsLoaderData } from '@/features/plants/lib/all-plants-loader';

export function Component() {
  return <AllPlantsView data={useLoaderData() as AllPlantsLoaderData} />;
}
