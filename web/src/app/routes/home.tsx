import { NewPlants } from '@/features/plants/components/new-plants';

export function Component() {
  return (
    <>
      <h1 className="sr-only">Mango Grove Tracker</h1>
      <NewPlants />
    </>
  );
}
