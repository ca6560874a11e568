/*
 * All Plants' page size and the requests of its default view. The build writes these requests
 * into index.html (a meta tag, see vite.config.ts), whose inline script starts them before the app
 * arrives, so a change here never changes that script or its CSP hash. The config knows none of
 * the app's aliases: this module's imports are relative.
 */
import { DEFAULT_DIRECTION, DEFAULT_SORT } from '../../../../../functions/src/model/plant-list';
import { plantPagePath } from '../api/plant-page-path';

/** Cards per page of All Plants, and per 'Show more plants': whole rows at 1, 2, 3 and 4 columns. */
export const PAGE_SIZE = 12;

export const FACETS_PATH = '/mango/facets';

/** The default view's first page, then its filter options: the first is the page whose first card's photo is preloaded too. */
export const ALL_PLANTS_FIRST_REQUESTS = [
  plantPagePath({ sort: DEFAULT_SORT, dir: DEFAULT_DIRECTION, limit: PAGE_SIZE }),
  FACETS_PATH,
] as const;
