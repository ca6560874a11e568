import type { Plant } from '@model';

/** The place a plant stands in, as its owner's view says it; null for none (or a view that does not say). */
const placeIdOf = (plant: Plant): string | null => plant.place?.id ?? null;

/** The plants of each place, by the place's id, in the order given; those standing nowhere under null. */
export function plantsByPlace<T extends Plant>(plants: readonly T[]): Map<string | null, T[]> {
  const groups = new Map<string | null, T[]>();
  for (const plant of plants) {
    const id = placeIdOf(plant);
    groups.set(id, [...(groups.get(id) ?? []), plant]);
  }
  return groups;
}

/** My Plants' place filter: every plant (''), those standing nowhere (a value no place id can be), or one place's (its id). */
export const UNPLACED = ':unplaced';

export const inPlace = (filter: string) => (plant: Plant) =>
  filter === '' || (filter === UNPLACED ? placeIdOf(plant) === null : placeIdOf(plant) === filter);
