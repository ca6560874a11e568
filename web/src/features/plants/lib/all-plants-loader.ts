import type { PlantFacets } from '@model/plant-list';
import { serverData, type Answer } from '@/lib/server-state';
import { getFacets } from '../api/get-facets';
import { FACETS_PATH } from './all-plants-first-view';
import { morePlants, readPlantList, type FirstPage } from './plant-list';
import { parsePlantQuery, plantPageParams } from './plant-query';

export interface AllPlantsLoaderData {
  /** The first page of the view in the URL (search, filters, order). */
  first: FirstPage;
  /** The filter options; undefined when they could not be had (the filters keep their 'All' options). */
  facets: Answer<PlantFacets | undefined>;
}

const viewOf = (request: Request) => plantPageParams(parsePlantQuery(new URL(request.url).searchParams));

/**
 * All Plants' data: the first page of the view in the URL, a new one for each view, and the filter
 * options, the same for every view (asked for on arrival, and again only when they changed). The
 * router runs it while the page's module is still downloading, so data and code travel side by
 * side; index.html's inline script has asked for the default view's two answers earlier still.
 */
export const allPlantsData = serverData(
  ({ read, request }): AllPlantsLoaderData => ({
    first: readPlantList({ read }, viewOf(request)),
    facets: read(
      FACETS_PATH,
      (signal) =>
        getFacets(signal).catch((error: unknown) => {
          // A read the router gave up for a newer load of the page is no failure.
          if (!signal.aborted) console.error('Failed to fetch the filter options', error);
          return undefined;
        }),
      { once: true },
    ),
  }),
  morePlants(({ request }) => viewOf(request)),
);
