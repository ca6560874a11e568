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
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { serverData } from '@/lib/server-state';
import { formatCount } from '@/lib/text';
import { useLoadError } from '@/lib/use-api-error';
import { useSearchText } from '@/lib/use-search-text';

const messages = defineMessages({
  title: { id: 'dashboardRoutes.allItems.title', message: 'All Items' },
  lead: { id: 'dashboardRoutes.allItems.lead', message: 'Every plant in Mango Grove Tracker.' },
  search: { id: 'dashboardRoutes.allItems.search', message: 'Search items' },
  searchPlaceholder: { id: 'dashboardRoutes.allItems.searchPlaceholder', message: 'Search items...' },
  loading: { id: 'dashboardRoutes.allItems.loading', message: 'Loading items...' },
  tryAgain: { id: 'dashboardRoutes.allItems.tryAgain', message: 'Please try again.' },
  errorTitle: { id: 'dashboardRoutes.allItems.errorTitle', message: 'Error!' },
  deleteFailed: { id: 'dashboardRoutes.allItems.deleteFailed', message: 'Error deleting item: {reason}' },
  count: { id: 'dashboardRoutes.allItems.count', message: '{count, plural, one {# item} other {# items}}.' },
  matches: {
    id: 'dashboardRoutes.allItems.matches',
    message: '{count, plural, one {# item matches} other {# items match}}.',
  },
  upToMatch: {
    id: 'dashboardRoutes.allItems.upToMatch',
    message: 'Up to {count, plural, one {# item} other {# items}} match.',
  },
  matchOf: {
    id: 'dashboardRoutes.allItems.matchOf',
    message: '{matched} of {count, plural, one {# item} other {# items}} match.',
  },
  upToMatchOf: {
    id: 'dashboardRoutes.allItems.upToMatchOf',
    message: 'up to {matched} of {count, plural, one {# item} other {# items}} match.',
  },
  fetchFailed: { id: 'dashboardRoutes.allItems.fetchFailed', message: 'Error: Failed to fetch all items: {reason}' },
  searching: { id: 'dashboardRoutes.allItems.searching', message: 'Searching...' },
  none: { id: 'dashboardRoutes.allItems.none', message: 'No items found.' },
});

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

/**
 * Dashboard All Items: every plant in a table, A to Z, searchable by name or category (the server
 * searches and pages: GET /mango?match=name-or-category; the search text is in the URL, ?q=), with
 * edit and delete. Anyone signed in sees every plant; the server lets only the owner delete, and
 * says so.
 */
export function Component() {
  const t = useT();
  const { list } = useLoaderData() as { list: FirstPage };
  const searchId = useId();
  const { text, setText } = useSearchText(SEARCH_PARAM, writeSearch);
  const [searchParams] = useSearchParams();
  const search = searchParams.get(SEARCH_PARAM)?.trim() ?? '';
  useEffect(preloadDialogs, []);

  return (
    <div className="space-y-6">
      <PageHeader title={t(messages.title)} lead={t(messages.lead)} />
      <div className="relative max-w-md">
        <label htmlFor={searchId} className="sr-only">
          {t(messages.search)}
        </label>
        <SearchIcon
          size={18}
          className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-600 dark:text-slate-400"
        />
        <input
          id={searchId}
          type="search"
          placeholder={t(messages.searchPlaceholder)}
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
            <span className="sr-only">{t(messages.loading)}</span>
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
  const t = useT();
  const list = usePlantList(first);
  const error = useLoadError(list.error, t(messages.tryAgain));
  const moreError = useLoadError(list.moreError, t(messages.tryAgain));
  // Another search is on its way: the rows shown stay until its answer is in.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const refreshing = navigation.state === 'loading' && navigation.location.pathname === pathname;

  const onFailure = useCallback(
    (message: string) =>
      alertDialog({
        icon: 'error',
        title: t(messages.errorTitle),
        text: t(messages.deleteFailed, { reason: message }),
      }),
    [t],
  );
  const { remove: deleteItem, deletingId } = useDeletePlant({
    dialogs: 'dashboard',
    onDeleted: list.removePlant,
    onError: onFailure,
  });

  // How many items there are in all: the answer to the unsearched list, which the page starts with.
  const [allCount, setAllCount] = useState<number>();
  if (!search && !list.error && !refreshing && allCount !== list.total) setAllCount(list.total);
  const summary = !search
    ? t(messages.count, { count: list.total })
    : allCount === undefined
      ? t(list.totalExact ? messages.matches : messages.upToMatch, { count: list.total })
      : t(list.totalExact ? messages.matchOf : messages.upToMatchOf, {
          matched: formatCount(list.total),
          count: allCount,
        });

  if (list.error) return error && <Banner tone="error">{t(messages.fetchFailed, { reason: error })}</Banner>;
  return (
    <>
      <p aria-live="polite" aria-busy={refreshing} className="text-sm text-slate-700 dark:text-slate-300">
        {refreshing ? t(messages.searching) : summary}
      </p>
      {list.plants.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-10 text-center text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
          {t(messages.none)}
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
