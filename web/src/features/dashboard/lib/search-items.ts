import type { Plant } from '@model';

/** All Items' search: the text anywhere in the plant's name or category, ignoring letter case. */
export function matchesSearch(plant: Pick<Plant, 'plantName' | 'category'>, query: string): boolean {
  const needle = query.trim().toLocaleLowerCase();
  if (!needle) return true;
  return plant.plantName.toLocaleLowerCase().includes(needle) || plant.category.toLocaleLowerCase().includes(needle);
}

export function searchItems<P extends Pick<Plant, 'plantName' | 'category'>>(plants: readonly P[], query: string): P[] {
  return plants.filter((plant) => matchesSearch(plant, query));
}
