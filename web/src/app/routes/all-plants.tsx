import type { Plant } from '@model';
import { useLoaderData, type ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { listPlants } from '@/features/plants/api/list-plants';
import { AllPlantsView } from '@/features/plants/components/all-plants-view';

interface AllPlantsLoaderData {
  plants: Promise<Plant[]>;
}

/**
 * Starts GET /mango as soon as this module has loaded, before the page renders, and does not wait
 * for it: the page shows its loading overlay at once (SPEC.md section 2) and the grid when the
 * answer arrives.
 */
export function loader(): AllPlantsLoaderData {
  const plants = listPlants();
  // The page handles a failure (with a retry); this keeps the early request from being reported
  // as unhandled should the page never look at it.
  plants.catch(() => undefined);
  return { plants };
}

/** Search, filters and sort change only the query: the plants already here stay. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}

export function Component() {
  const { plants } = useLoaderData() as AllPlantsLoaderData;
  return <AllPlantsView preloaded={plants} />;
}
