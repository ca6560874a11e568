import type { PetSafeFilter, SearchMatch, SortDirection, SortKey } from '@model/plant-list';

/*
 * vite.config.ts reads this module too (through all-plants-first-view.ts): it imports types only,
 * since the config knows none of the app's aliases.
 */

/** A paged GET /mango: search, filters, order, page size, and where the page starts. */
export interface PlantPageParams {
  q?: string;
  match?: SearchMatch;
  category?: string;
  care?: string;
  petSafe?: PetSafeFilter;
  /** Only this user's plants (the signed-in user's own email; the token goes with it). */
  email?: string;
  /** With `email`: only those standing in this place (its id), or in none (UNPLACED_FILTER). */
  placeId?: string;
  /**
   * Every plant, asked with the signed-in user's token (not part of the path): the reader's own come
   * with their owner's view (where each stands). A private answer, which no CDN keeps.
   */
  signedIn?: true;
  sort: SortKey;
  dir: SortDirection;
  limit: number;
  cursor?: string;
}

const ORDER: (keyof PlantPageParams)[] = [
  'q',
  'match',
  'category',
  'care',
  'petSafe',
  'email',
  'placeId',
  'sort',
  'dir',
  'limit',
  'cursor',
];

/**
 * The request's path, its parameters always in the same order: index.html's early request for All
 * Plants' default view is built with it, and apiFetch only takes that answer for an equal path.
 */
export function plantPagePath(params: PlantPageParams): string {
  const search = new URLSearchParams();
  for (const key of ORDER) {
    const value = params[key];
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  return `/mango?${search.toString()}`;
}
