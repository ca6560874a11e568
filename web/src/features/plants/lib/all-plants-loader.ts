import type { Plant } from '@model';
import type { ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { listPlants } from '../api/list-plants';

export interface AllPlantsLoaderData {
  plants: Promise<Plant[]>;
}

/**
 * Starts GET /mango and does not wait for it: the page shows its loading overlay at once
 * (SPEC.md section 2) and the grid when the answer arrives. The router runs it while the page's
 * module is still downloading, so the two travel side by side.
 */
export function allPlantsLoader(): AllPlantsLoaderData {
  const plants = listPlants();
  // The page handles a failure (with a retry); this keeps the early request from being reported
  // as unhandled should the page never look at it.
  plants.catch(() => undefined);
  return { plants };
}

/** Search, filters and sort change only the query: the plants already here stay. */
export function allPlantsShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
