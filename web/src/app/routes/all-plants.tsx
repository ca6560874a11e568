import { AllPlantsView } from '@/features/plants/components/all-plants-view';

export function Component() {
  return <AllPlantsView />;
}
