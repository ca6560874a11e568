import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { inputClass } from '@/components/ui/form-fields';
import { SearchIcon } from '@/features/dashboard/components/dashboard-icons';
import { ItemsTable } from '@/features/dashboard/components/items-table';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { useDeleteItem } from '@/features/dashboard/hooks/use-delete-item';
import { MorePlants } from '@/features/plants/components/more-plants';
import { usePlantPages } from '@/features/plants/hooks/use-plant-pages';
import { alertDialog, preloadDialogs } from '@/lib/dialogs';
import { formatCount } from '@/lib/text';
import { useApiError } from '@/lib/use-api-error';
import { useDebouncedValue } from '@/lib/use-debounced-value';

/** Rows per page of All Items, and per 'Show more items'. */
const ITEMS_PAGE = 50;

const itemCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'item' : 'items'}`;

/**
 * Dashboard All Items: every plant in a table, A to Z, searchable by name or category (the server
 * searches and pages: GET /mango?match=name-or-category), with edit and delete. Anyone signed in
 * sees every plant; the server lets only the owner delete, and says so.
 */
export function Component() {
  const handleError = useApiError();
  const searchId = useId();
  const [query, setQuery] = useState('');
  // Typing asks the server once it pauses; clearing the box asks at once.
  const typed = useDebouncedValue(query.trim());
  const search = query.trim() ? typed : '';
  const params = useMemo(
    () => ({ ...(search ? { q: search, match: 'name-or-category' as const } : {}), sort: 'plantName' as const, dir: 'asc' as const, limit: ITEMS_PAGE }),
    [search],
  );
  const list = usePlantPages(params, { onError: handleError, fallback: 'Please try again.' });
  useEffect(preloadDialogs, []);

  const onGone = list.removePlant;
  const onFailure = useCallback((message: string) => alertDialog({ icon: 'error', title: 'Error!', text: `Error deleting item: ${message}` }), []);
  const { deleteItem, deletingId } = useDeleteItem({ onGone, onFailure });

  const error = list.status === 'error' && list.error ? `Failed to fetch all items: ${list.error}` : null;
  const plants = list.status === 'ready' ? list.plants : undefined;
  const shown = plants ?? [];
  // How many items there are in all: the answer to the unsearched list, which the page starts with.
  const [allCount, setAllCount] = useState<number>();
  if (!search && list.status === 'ready' && !list.refreshing && allCount !== list.total) setAllCount(list.total);
  const upTo = list.totalExact ? '' : 'up to ';
  const summary = !search
    ? `${itemCount(list.total)}.`
    : allCount === undefined
      ? `${list.totalExact ? '' : 'Up to '}${itemCount(list.total)} ${list.total === 1 && list.totalExact ? 'matches' : 'match'}.`
      : `${upTo}${formatCount(list.total)} of ${itemCount(allCount)} match.`;

  return (
    <div className="space-y-6">
      <PageHeader title="All Items" lead="Every plant in Mango Grove Tracker." />
      <div className="relative max-w-md">
        <label htmlFor={searchId} className="sr-only">
          Search items
        </label>
        <SearchIcon size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-slate-600 dark:text-slate-400" />
        <input
          id={searchId}
          type="search"
          placeholder="Search items..."
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          className={`${inputClass} border-slate-400 pl-10 dark:border-slate-600`}
        />
      </div>

      {error && <Banner tone="error">Error: {error}</Banner>}

      {!error && !plants && (
        <div role="status" className="space-y-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <span className="sr-only">Loading items...</span>
          {Array.from({ length: 5 }, (_, i) => (
            <div key={i} aria-hidden="true" className="flex h-12 items-center gap-4">
              <span className="size-12 animate-pulse rounded-lg bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
              <span className="h-4 flex-1 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
            </div>
          ))}
        </div>
      )}

      {plants && (
        <>
          <p aria-live="polite" aria-busy={list.refreshing} className="text-sm text-slate-700 dark:text-slate-300">
            {list.refreshing ? 'Searching...' : summary}
          </p>
          {shown.length === 0 ? (
            <p className="rounded-2xl bg-white px-4 py-10 text-center text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
              No items found.
            </p>
          ) : (
            <ItemsTable plants={shown} deletingId={deletingId} onDelete={deleteItem} />
          )}
          <MorePlants
            shown={shown.length}
            total={list.total}
            hasMore={list.hasMore}
            loading={list.loadingMore}
            error={list.moreError}
            onMore={() => void list.loadMore()}
            noun="items"
            exact={list.totalExact}
          />
        </>
      )}
    </div>
  );
}
