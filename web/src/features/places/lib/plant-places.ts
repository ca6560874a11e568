import type { Plant } from '@model';
import type { WalkPlace } from '../types';

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

/** One stop of a walk through the home: a place (null: the plants standing nowhere) and its rows. */
export interface WalkStop<R> {
  place: WalkPlace | null;
  rows: R[];
}

/**
 * Rows of plants (Today's jobs) as a walk: grouped by the place each plant stands in, in the reader's
 * walking order (`places`, as GET /mango/places?plantCount=false answers them), each group keeping the rows' order;
 * the plants standing nowhere, or in a place the walk does not know, last. Places with no row are left out.
 */
export function walkThrough<R extends { plant: Plant }>(
  rows: readonly R[],
  places: readonly WalkPlace[],
): WalkStop<R>[] {
  const known = new Set(places.map((place) => place.id));
  const byPlace = new Map<string | null, R[]>();
  for (const row of rows) {
    const id = placeIdOf(row.plant);
    const key = id !== null && known.has(id) ? id : null;
    byPlace.set(key, [...(byPlace.get(key) ?? []), row]);
  }
  const stops: WalkStop<R>[] = places
    .filter((place) => byPlace.has(place.id))
    .map((place) => ({ place, rows: byPlace.get(place.id)! }));
  const unplaced = byPlace.get(null);
  if (unplaced) stops.push({ place: null, rows: unplaced });
  return stops;
}
