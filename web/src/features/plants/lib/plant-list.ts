import type { Plant } from '@model';
import type { PlantPage } from '@model/plant-list';
import type { LoaderFunctionArgs } from 'react-router-dom';
import { isPending, markPaged, settle, type ServerDataArgs, type Settled } from '@/lib/server-state';
import { listPlantPage, plantPagePath, type PlantPageParams } from '../api/list-plant-page';

/**
 * A long search may answer a page with fewer plants than asked for (it reads a fixed budget of
 * candidates per request) and a cursor to go on: the list asks again at once, this many times at
 * most, before it waits for 'Show more'.
 */
const AUTO_CONTINUE = 3;

/** A paged list's first page as its loader hands it over; a failure is data (the page says why). */
export type FirstPage = Promise<Settled<PlantPage<Plant>>> | Settled<PlantPage<Plant>>;

/** A Show more page, by the cursor it starts at. */
export interface MorePage {
  from: string;
  page: Settled<PlantPage<Plant>>;
}

/** The params of a list: known at once, or once auth has said who the user is; null when there is no list. */
type ListParams = PlantPageParams | null | Promise<PlantPageParams | null>;

/** Asks for pages from `from` until one is worth showing (see AUTO_CONTINUE). */
async function readPages(
  params: PlantPageParams,
  from: string | undefined,
  signal: AbortSignal,
): Promise<PlantPage<Plant>> {
  let page = await listPlantPage({ ...params, cursor: from }, signal);
  const plants = [...page.plants];
  for (let more = 0; more < AUTO_CONTINUE && page.nextCursor && plants.length < params.limit; more += 1) {
    page = await listPlantPage({ ...params, cursor: page.nextCursor }, signal);
    plants.push(...page.plants);
  }
  return { ...page, plants };
}

/**
 * A paged list's part of a loader: the first page of `params`. `missing` is the failure shown when
 * there is no list to ask for (an account without an email).
 */
export function readPlantList({ read }: Pick<ServerDataArgs, 'read'>, params: ListParams, missing?: Error): FirstPage {
  const first = (base: PlantPageParams | null): FirstPage => {
    if (!base) return { ok: false, error: missing ?? new Error('There is no list to show.') };
    const path = plantPagePath(base);
    return settle(
      read(path, (signal) => {
        // A first page read afresh starts the list over: the worker may re-read it again.
        markPaged(path, false);
        return readPages(base, undefined, signal);
      }),
    );
  };
  // Known params are asked for at once (index.html may have asked for All Plants' already).
  return isPending(params) ? Promise.resolve(params).then(first) : first(params);
}

/**
 * A paged list's Show more: the page at `cursor` (serverData's `more`). From then on the worker's
 * word about the first page leaves the list alone, until it is read afresh.
 */
export function morePlants(params: (args: LoaderFunctionArgs) => ListParams) {
  return async (args: LoaderFunctionArgs, cursor: string): Promise<MorePage> => {
    const base = await params(args);
    if (!base) return { from: cursor, page: { ok: false, error: new Error('There is no list to show.') } };
    markPaged(plantPagePath(base));
    return { from: cursor, page: await settle(readPages(base, cursor, args.request.signal)) };
  };
}
