import type { Plant } from '@model';
import { useId, useMemo, useState } from 'react';
import { useFetcher, useLocation } from 'react-router-dom';
import { changed, useChanges } from '@/lib/server-changes';
import { MORE_PARAM, useAnswer } from '@/lib/server-state';
import type { FirstPage, MorePage } from '../lib/plant-list';

const NO_PAGES: readonly MorePage[] = [];

/** Appends a page, each plant once (a plant may move between pages while the user pages). */
function merge(shown: readonly Plant[], page: readonly Plant[]): Plant[] {
  const seen = new Set(shown.map((plant) => plant._id));
  return [...shown, ...page.filter((plant) => !seen.has(plant._id))];
}

/** A plant deleted here: left out of every page that shows it. */
const removePlant = (id: string) => void changed({ removed: [id] });

/**
 * The page side of a paged list (its loader: `readPlantList`, `morePlants`): the first page the
 * loader answered (waiting under the nearest Suspense while it is on its way), the pages Show more
 * added, with the changes made here laid over them (`changed`; `removePlant` is its
 * shorthand for the flows that hand back an id; a job's plant is taken in by the care flow itself). A new first page (another view, a
 * re-read) starts over.
 *
 * Show more is a fetcher of the page's own route (`?more=<cursor>`). Each page has a fetcher of its
 * own (keyed by the list and the cursor), let go of once its page is in: the router reloads the
 * data fetchers hold when it revalidates, and a page already shown must not arrive twice.
 */
export function usePlantList(answer: FirstPage) {
  const first = useAnswer(answer);
  const id = useId();
  const location = useLocation();
  const [more, setMore] = useState<{ first: unknown; round: number; pages: readonly MorePage[]; seen?: MorePage }>({
    first,
    round: 0,
    pages: [],
  });
  if (more.first !== first) setMore({ first, round: more.round + 1, pages: [] });
  const pages = more.first === first ? more.pages : NO_PAGES;

  const overlay = useChanges();
  const list = useMemo(() => {
    if (!first.ok) return null;
    // Each page as it was answered and as the changes made since it was asked for left it.
    let answered = first.data.plants;
    let plants = overlay(first.data, first.data.plants);
    let last = first.data;
    for (const added of pages) {
      const { page } = added;
      if (!page.ok) continue;
      answered = merge(answered, page.data.plants);
      plants = merge(plants, overlay(added, page.data.plants));
      last = page.data;
    }
    const removed = answered.length - plants.length;
    const done = last.nextCursor === null;
    const failed = pages.at(-1)?.page;
    // Every match is here: their number is exact, whatever the server could count.
    return {
      plants,
      cursor: last.nextCursor,
      total: done ? plants.length : Math.max(0, last.total - removed),
      totalExact: done || last.totalExact,
      moreError: failed && !failed.ok ? failed.error : null,
    };
  }, [first, pages, overlay]);

  const fetcher = useFetcher<{ more: MorePage }>({ key: `${id}:${more.round}:${list?.cursor ?? ''}` });
  const arrived = fetcher.state === 'idle' ? fetcher.data?.more : undefined;
  if (arrived && arrived !== more.seen && more.first === first && arrived.from === list?.cursor) {
    setMore({ ...more, seen: arrived, pages: [...pages, arrived] });
  }

  const loadMore = () => {
    if (!list?.cursor) return;
    const search = new URLSearchParams(location.search);
    search.set(MORE_PARAM, list.cursor);
    void fetcher.load(`${location.pathname}?${search.toString()}`);
  };

  return {
    /** The first page's failure, or null. */
    error: first.ok ? null : first.error,
    plants: list?.plants ?? [],
    /** How many plants match; an upper bound when `totalExact` is false. */
    total: list?.total ?? 0,
    totalExact: list?.totalExact ?? true,
    /** Whether the server has more plants for this view. */
    hasMore: Boolean(list?.cursor),
    loadingMore: fetcher.state !== 'idle',
    /** A failed Show more: the plants already shown stay. */
    moreError: list?.moreError ?? null,
    loadMore,
    removePlant,
  };
}
