import { Banner } from '@/components/ui/banner';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  showing: {
    id: 'plants.more.showing',
    message:
      '{noun, select, items {Showing {shown, number} of {total, number} items.} other {Showing {shown, number} of {total, number} plants.}}',
  },
  showingUpTo: {
    id: 'plants.more.showingUpTo',
    message:
      '{noun, select, items {Showing {shown, number} of up to {total, number} items.} other {Showing {shown, number} of up to {total, number} plants.}}',
  },
  showMore: { id: 'plants.more.showMore', message: '{noun, select, items {Show more items} other {Show more plants}}' },
});

export interface MorePlantsProps {
  shown: number;
  total: number;
  hasMore: boolean;
  loading: boolean;
  error: string | null;
  onMore: () => void;
  /** What the list holds: 'plants' or 'items'. */
  noun?: 'plants' | 'items';
  /** False when `total` is an upper bound (a long search). */
  exact?: boolean;
}

/** Under a paged list: how much of it is shown, and 'Show more' while the server has more. */
export function MorePlants({
  shown,
  total,
  hasMore,
  loading,
  error,
  onMore,
  noun = 'plants',
  exact = true,
}: MorePlantsProps) {
  const t = useT();
  if (!hasMore && !error) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-3">
      {error && <Banner tone="error">{error}</Banner>}
      {hasMore && (
        <>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t(exact ? messages.showing : messages.showingUpTo, { noun, shown, total })}
          </p>
          <button
            type="button"
            onClick={onMore}
            disabled={loading}
            aria-busy={loading}
            className="inline-flex items-center gap-2 rounded-lg border border-slate-400 bg-white px-4 py-2.5 text-sm font-semibold text-slate-800 hover:bg-slate-50 disabled:opacity-70 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100 dark:hover:bg-slate-800"
          >
            {loading && (
              <span
                aria-hidden="true"
                className="size-4 animate-spin rounded-full border-2 border-leaf-600 border-t-transparent motion-reduce:animate-none"
              />
            )}
            {t(messages.showMore, { noun })}
          </button>
        </>
      )}
    </div>
  );
}
