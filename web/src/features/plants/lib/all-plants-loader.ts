import type { Plant } from '@model';
import type { PlantFacets, PlantPage } from '@model/plant-list';
import type { LoaderFunctionArgs, ShouldRevalidateFunctionArgs } from 'react-router-dom';
import { getFacets } from '../api/get-facets';
import { listPlantPage, type PlantPageParams } from '../api/list-plant-page';
import { parsePlantQuery, plantPageParams } from './plant-query';

export interface AllPlantsLoaderData {
  /** The first page of the view in the URL, asked for already. */
  first: { params: PlantPageParams; page: Promise<PlantPage<Plant>> };
  facets: Promise<PlantFacets>;
}

/**
 * Starts the first page of the view in the URL and the filter options, and does not wait for
 * them: the page shows its loading overlay at once (SPEC.md section 2) and the grid when the answer
 * arrives. The router runs it while the page's module is still downloading, so they travel side
 * by side.
 */
export function allPlantsLoader({ request }: LoaderFunctionArgs): AllPlantsLoaderData {
  const params = plantPageParams(parsePlantQuery(new URL(request.url).searchParams));
  const page = listPlantPage(params);
  const facets = getFacets();
  // The page handles failures (with a retry); this keeps the early requests from being reported
  // as unhandled should the page never look at them.
  page.catch(() => undefined);
  facets.catch(() => undefined);
  return { first: { params, page }, facets };
}

/** The page asks for each new view itself: the loader runs only on arrival. */
export function allPlantsShouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate;
}
