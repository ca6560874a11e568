import { Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useLoaderData, useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { inputClass } from '@/components/ui/form-fields';
import { SearchIcon } from '@/components/ui/dashboard-icons';
import { ItemsTable } from '@/features/dashboard/components/items-table';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { useDeletePlant } from '@/features/plants/hooks/use-delete-plant';
import type { PlantPageParams } from '@/features/plants/api/plant-page-path';
import { MorePlants } from '@/features/plants/components/more-plants';
import { usePlantList } from '@/features/plants/hooks/use-plant-list';
import { morePlants, readPlantList, type FirstPage } from '@/features/plants/lib/plant-list';
import { alertDialog, preloadDialogs } from '@/lib/dialogs';
import { serverData } from '@/lib/server-state';
import { formatCount } from '@/lib/text';
import { useLoadError } from '@/lib/use-api-error';
import { useSearchText } from '@/lib/use-search-text';

/** Rows per page of All Items, and per 'Show more items'. */
const ITEMS_PAGE = 50;
/** The URL's query parameter of the search box. */
const SEARCH_PARAM = 'q';

/**
 * Every plant A to Z, or those whose name or category holds the URL's search text; asked signed in,
 * so the reader's own plants say where they stand (the Place column).
 */
function itemsParams(request: Request): PlantPageParams {
  const q = new URL(request.url).searchParams.get(SEARCH_PARAM)?.trim();
  return {
    ...(q ? { q, match: 'name-or-category' as const } : {}),
    sort: 'plantName',
    dir: 'asc',
    limit: ITEMS_PAGE,
    signedIn: true,
  };
}

export const { loader, shouldRevalidate } = serverData(
  ({ read, request }) => ({ list: readPlantList({ read }, itemsParams(request)) }),
  morePlants(({ request }) => itemsParams(request)),
);

const writeSearch = (text: string) => new URLSearchParams(text ? { [SEARCH_PARAM]: text } : {});

const itemCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'item' : 'items'}`;

/**
 * Dashboard All Items: every plant in a table, A to Z, searchable by name or category (the server
 * searches and pages: GET /mango?match=name-or-category; the search text is in the URL, ?q=), with
 * edit and delete. Anyone signed in sees every plant; the server lets only the owner delete, and
 * says so.
 */
export function Component() {
  const { list } = useLoaderData() as { list: FirstPage };
  const searchId = useId();
  const { text, setText } = useSearchText(SEARCH_PARAM, writeSearch);
  const [searchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM)?.trim() ?? '';
  useEffect(preloadDialogs, []);

  return (
    <div className="space-y-6">
      <PageHeader title="All Items" lead="Every plant in Mango Grove Tracker." />
      <div className="relative max-w-md">
        <label htmlFor={searchId} className="sr-only">
          Search items
        </label>
        <SearchIcon
          size={18}
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-600 dark:text-slate-400"
        />
        <input
          id={searchId}
          type="search"
          placeholder="Search items..."
          value={text}
          onChange={(event) => setText(event.target.value)}
          className={`${inputClass} border-slate-400 pl-10 dark:border-slate-600`}
        />
      </div>

      <Suspense
        fallback={
          <div
            role="status"
            className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
          >
            <span className="sr-only">Loading items...</span>
            {Array.from({ length: 5 }, (_, i) => (
              <div key={i} aria-hidden="true" className="flex h-12 items-center gap-4">
                <span className="size-12 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
                <span className="h-4 flex-1 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
              </div>
            ))}
          </div>
        }
      >
        <Items list={list} search={search} />
      </Suspense>
    </div>
  );
}

function Items({ list: first, search }: { list: FirstPage; search: string }) {
  const list = usePlantList(first);
  const error = useLoadError(list.error, 'Please try again.');
  const moreError = useLoadError(list.moreError, 'Please try again.');
  // Another search is on its way: the rows shown stay until its answer is in.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const refreshing = navigation.state === 'loading' && navigation.location.pathname === pathname;

  const onFailure = useCallback(
    (message: string) => alertDialog({ icon: 'error', title: 'Error!', text: `Error deleting item: ${message}` }),
    [],
  );
  const { remove: deleteItem, deletingId } = useDeletePlant({
    dialogs: 'dashboard',
    onDeleted: list.removePlant,
    onError: onFailure,
  });

  // How many items there are in all: the answer to the unsearched list, which the page starts with.
  const [allCount, setAllCount] = useState<number>();
  if (!search && !list.error && !refreshing && allCount !== list.total) setAllCount(list.total);
  const upTo = list.totalExact ? '' : 'up to ';
  const summary = !search
    ? `${itemCount(list.total)}.`
    : allCount === undefined
      ? `${list.totalExact ? '' : 'Up to '}${itemCount(list.total)} ${list.total === 1 && list.totalExact ? 'matches' : 'match'}.`
      : `${upTo}${formatCount(list.total)} of ${itemCount(allCount)} match.`;

  if (list.error) return error && <Banner tone="error">Error: Failed to fetch all items: {error}</Banner>;
  return (
    <>
      <p aria-live="polite" aria-busy={refreshing} className="text-sm text-slate-700 dark:text-slate-300">
        {refreshing ? 'Searching...' : summary}
      </p>
      {list.plants.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-10 text-center text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
          No items found.
        </p>
      ) : (
        <ItemsTable
          plants={list.plants}
          deletingId={deletingId}
          onDelete={deleteItem}
          placeOf={(plant) => plant.place?.name ?? null}
        />
      )}
      <MorePlants
        shown={list.plants.length}
        total={list.total}
        hasMore={list.hasMore}
        loading={list.loadingMore}
        error={moreError}
        onMore={list.loadMore}
        noun="items"
        exact={list.totalExact}
      />
    </>
  );
}
