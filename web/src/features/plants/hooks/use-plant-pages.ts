import type { Plant } from '@model';
import type { PlantPage } from '@model/plant-list';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useAnswerRevision } from '@/lib/answer-updates';
import { errorMessage } from '@/lib/use-api-error';
import { listPlantPage, plantPagePath, type PlantPageParams } from '../api/list-plant-page';

/**
 * A long search may answer a page with fewer plants than asked for (it reads a fixed budget of
 * candidates per request) and a cursor to go on: the list asks again at once, this many times at
 * most, before it waits for 'Show more'.
 */
const AUTO_CONTINUE = 3;

export interface PlantPagesState {
  status: 'loading' | 'error' | 'ready';
  plants: Plant[];
  /** How many plants match; an upper bound when `totalExact` is false. */
  total: number;
  totalExact: boolean;
  /** Whether the server has more plants for this view. */
  hasMore: boolean;
  /** The plants shown are the previous view's while this one loads. */
  refreshing: boolean;
  loadingMore: boolean;
  error: string | null;
  /** A failed 'Show more': the plants already shown stay. */
  moreError: string | null;
}

export interface UsePlantPagesOptions {
  /** The first page, already asked for (by the route's loader) for exactly these params. */
  preloaded?: { params: PlantPageParams; page: Promise<PlantPage<Plant>> };
  /** Turns a failure into the sentence to show, or null when it was handled (a 401 went to /login). */
  onError?: (error: unknown, fallback: string) => string | null;
  /** The sentence for a failure without one of its own. */
  fallback?: string;
}

const EMPTY: PlantPagesState = {
  status: 'loading',
  plants: [],
  total: 0,
  totalExact: true,
  hasMore: false,
  refreshing: false,
  loadingMore: false,
  error: null,
  moreError: null,
};

/** Appends a page, each plant once (a plant may move between pages while the user pages). */
function merge(shown: readonly Plant[], page: readonly Plant[]): Plant[] {
  const seen = new Set(shown.map((plant) => plant._id));
  return [...shown, ...page.filter((plant) => !seen.has(plant._id))];
}

/**
 * A paged view of plants (GET /mango, paged): the first page whenever the view changes (the
 * previous plants stay on screen, marked as refreshing, until it arrives), the next one on
 * `loadMore`, a retry, and ways to drop or update one plant without asking again. `params` null
 * asks for nothing (no user yet).
 */
export function usePlantPages(
  params: PlantPageParams | null,
  { preloaded, onError, fallback = 'The plants could not be loaded. Please try again.' }: UsePlantPagesOptions = {},
) {
  const key = params ? plantPagePath({ ...params, cursor: undefined }) : null;
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<PlantPagesState>(EMPTY);
  const cursor = useRef<string | null>(null);
  /** Whether 'Show more' added pages to the view (a newer first page would take them away). */
  const paged = useRef(false);
  // The server's first page changed since the one shown (another device): read it again, keeping
  // the plants on screen meanwhile, unless the user has paged on (the next view will be current).
  const { revision, takeRefresh } = useAnswerRevision(key, () => !paged.current);
  const request = useRef<AbortController | null>(null);
  const paramsRef = useRef(params);
  const describe = useRef((error: unknown): string | null => errorMessage(error, fallback));
  // Before the effects below, which read them.
  useEffect(() => {
    paramsRef.current = params;
    describe.current = (error: unknown) => (onError ? onError(error, fallback) : errorMessage(error, fallback));
  });
  const preloadedRef = useRef(preloaded);

  /** Asks for pages from `from` until one is worth showing (see AUTO_CONTINUE). */
  const fetchPages = useCallback(async (base: PlantPageParams, from: string | undefined, signal: AbortSignal, first?: Promise<PlantPage<Plant>>) => {
    let page = await (first ?? listPlantPage({ ...base, cursor: from }, signal));
    const plants = [...page.plants];
    for (let more = 0; more < AUTO_CONTINUE && page.nextCursor && plants.length < base.limit; more += 1) {
      page = await listPlantPage({ ...base, cursor: page.nextCursor }, signal);
      plants.push(...page.plants);
    }
    return { ...page, plants };
  }, []);

  useEffect(() => {
    const base = paramsRef.current;
    if (!key || !base) return;
    request.current?.abort();
    const controller = new AbortController();
    request.current = controller;
    // A new view keeps the plants shown (marked as refreshing); a first load is already empty. A
    // newer copy of the same view replaces the plants when it arrives, without a word.
    const refresh = takeRefresh();
    setState((current) =>
      refresh || current.status === 'loading' ? current : current.status === 'ready' ? { ...current, refreshing: true, moreError: null } : EMPTY,
    );
    const early = preloadedRef.current;
    preloadedRef.current = undefined;
    const first = attempt === 0 && early && plantPagePath(early.params) === key ? early.page : undefined;
    paged.current = false;
    fetchPages(base, undefined, controller.signal, first).then(
      (page) => {
        if (controller.signal.aborted) return;
        cursor.current = page.nextCursor;
        const last = page.nextCursor === null;
        setState({
          ...EMPTY,
          status: 'ready',
          plants: page.plants,
          // Every match is here: their number is exact, whatever the server could count.
          total: last ? page.plants.length : page.total,
          totalExact: last || page.totalExact,
          hasMore: !last,
        });
      },
      (error: unknown) => {
        // A newer copy that could not be had leaves the view as it was.
        if (controller.signal.aborted || refresh) return;
        const message = describe.current(error);
        if (message !== null) setState({ ...EMPTY, status: 'error', error: message });
      },
    );
    return () => controller.abort();
  }, [key, attempt, revision, fetchPages, takeRefresh]);

  const loadMore = useCallback(async () => {
    const base = paramsRef.current;
    const from = cursor.current;
    if (!base || !from) return;
    const controller = new AbortController();
    request.current = controller;
    paged.current = true;
    setState((current) => ({ ...current, loadingMore: true, moreError: null }));
    try {
      const page = await fetchPages(base, from, controller.signal);
      if (controller.signal.aborted) return;
      cursor.current = page.nextCursor;
      const last = page.nextCursor === null;
      setState((current) => {
        const plants = merge(current.plants, page.plants);
        return { ...current, plants, total: last ? plants.length : page.total, totalExact: last || page.totalExact, hasMore: !last, loadingMore: false };
      });
    } catch (error) {
      if (controller.signal.aborted) return;
      const message = describe.current(error);
      setState((current) => ({ ...current, loadingMore: false, moreError: message }));
    }
  }, [fetchPages]);

  const retry = useCallback(() => {
    setState(EMPTY);
    setAttempt((n) => n + 1);
  }, []);

  const removePlant = useCallback((id: string) => {
    setState((current) =>
      current.plants.some((plant) => plant._id === id)
        ? { ...current, plants: current.plants.filter((plant) => plant._id !== id), total: Math.max(0, current.total - 1) }
        : current,
    );
  }, []);

  /** Puts the server's newer copy of a plant (after a watering, say) in place of the old one. */
  const replacePlant = useCallback((updated: Plant) => {
    setState((current) => ({ ...current, plants: current.plants.map((plant) => (plant._id === updated._id ? updated : plant)) }));
  }, []);

  return { ...state, loadMore, retry, removePlant, replacePlant };
}
