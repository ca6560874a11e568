import type { Plant } from '@model';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { inputClass } from '@/components/ui/form-fields';
import { SearchIcon } from '@/features/dashboard/components/dashboard-icons';
import { ItemsTable } from '@/features/dashboard/components/items-table';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { useDeleteItem } from '@/features/dashboard/hooks/use-delete-item';
import { searchItems } from '@/features/dashboard/lib/search-items';
import { listPlants } from '@/features/plants/api/list-plants';
import { alertDialog, preloadDialogs } from '@/lib/dialogs';
import { useApiError } from '@/lib/use-api-error';

const itemCount = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

/**
 * Dashboard All Items: every plant in a table, searchable by name or category, with edit and
 * delete. Anyone signed in sees every plant; the server lets only the owner delete, and says so.
 */
export function Component() {
  const handleError = useApiError();
  const searchId = useId();
  const [plants, setPlants] = useState<Plant[]>();
  const [error, setError] = useState<string | null>(null);
  const [query, setQuery] = useState('');

  useEffect(() => {
    preloadDialogs();
    const controller = new AbortController();
    listPlants({ signal: controller.signal })
      .then(setPlants)
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        const message = handleError(failure, 'Please try again.');
        if (message) setError(`Failed to fetch all items: ${message}`);
      });
    return () => controller.abort();
  }, [handleError]);

  const onGone = useCallback((id: string) => setPlants((current) => current?.filter((plant) => plant._id !== id)), []);
  const onFailure = useCallback((message: string) => alertDialog({ icon: 'error', title: 'Error!', text: `Error deleting item: ${message}` }), []);
  const { deleteItem, deletingId } = useDeleteItem({ onGone, onFailure });

  const shown = useMemo(() => searchItems(plants ?? [], query), [plants, query]);

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
          <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-300">
            {query.trim() ? `${shown.length} of ${itemCount(plants.length)} match.` : `${itemCount(plants.length)}.`}
          </p>
          {shown.length === 0 ? (
            <p className="rounded-2xl bg-white px-4 py-10 text-center text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
              No items found.
            </p>
          ) : (
            <ItemsTable plants={shown} deletingId={deletingId} onDelete={deleteItem} />
          )}
        </>
      )}
    </div>
  );
}
