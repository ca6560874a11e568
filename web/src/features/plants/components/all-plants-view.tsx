import type { Plant } from '@model';
import { memo, useEffect, useMemo, useRef, type RefObject } from 'react';
import { Banner } from '@/components/ui/banner';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { DueBadge } from '@/features/watering/components/due-badge';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { errorMessage } from '@/lib/use-api-error';
import { compareText } from '@/lib/text';
import { useFacets } from '../hooks/use-facets';
import { usePlantPages } from '../hooks/use-plant-pages';
import { usePlantQuery } from '../hooks/use-plant-query';
import type { AllPlantsLoaderData } from '../lib/all-plants-loader';
import { describeCount, describeSort, plantPageParams } from '../lib/plant-query';
import { NavigationPending } from './navigation-pending';
import { PlantCard, PlantCardSkeleton } from './plant-card';
import { PlantFilters, resetButtonClass } from './plant-filters';

/*
 * The first card's image is the page's largest paint on a phone: it loads at once and first. The
 * rest load lazily, so on a phone they do not compete with it for bandwidth; on a wide screen
 * the lazy images of the first row are in view and start right after layout anyway.
 */
const EAGER_CARDS = 1;
const SKELETON_CARDS = 8;

const gridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
/*
 * Off-screen cards skip layout and paint until scrolled near (content-visibility), keeping a long
 * list cheap; the intrinsic size reserves their space so the scrollbar does not jump.
 */
const cardItemClass = '[contain-intrinsic-size:auto_460px] [content-visibility:auto]';

/**
 * The cards. Memoised: the filter options, the status line and a new view's 'Updating' state
 * render again without redrawing every card.
 */
const PlantGrid = memo(function PlantGrid({ plants, listRef }: { plants: Plant[]; listRef: RefObject<HTMLUListElement | null> }) {
  return (
    <ul ref={listRef} className={gridClass} aria-label="Plants">
      {plants.map((plant, index) => (
        <li key={plant._id} className={index < EAGER_CARDS ? undefined : cardItemClass}>
          <PlantCard
            plant={plant}
            eager={index < EAGER_CARDS}
            badges={plant.nextWateringDate ? <DueBadge nextWateringDate={plant.nextWateringDate} /> : undefined}
          />
        </li>
      ))}
    </ul>
  );
});

const logFailure = (error: unknown, fallback: string) => {
  console.error('Failed to fetch plants', error);
  return errorMessage(error, fallback);
};

/**
 * All Plants (SPEC.md section 2). The server answers each view a page at a time (GET /mango,
 * paged); the search asks once typing pauses. `first` and `facets`: the requests the route's
 * loader started.
 */
export function AllPlantsView({ first, facets: preloadedFacets }: Partial<AllPlantsLoaderData>) {
  const { query, setSearch, setCategory, setCareLevel, sortBy, reset } = usePlantQuery();
  // Typing asks the server once it pauses; clearing the box (or Reset) asks at once.
  const typed = useDebouncedValue(query.search);
  const search = query.search.trim() ? typed : '';
  const view = useMemo(() => ({ ...query, search }), [query, search]);
  const params = useMemo(() => plantPageParams(view), [view]);
  const pages = usePlantPages(params, { preloaded: first, onError: logFailure });
  const facets = useFacets(preloadedFacets);
  const categories = useMemo(() => [...(facets?.categories ?? [])].sort(compareText), [facets]);

  // After 'Show more plants', keyboard focus moves to the first new card's link.
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  const shown = pages.plants.length;
  useEffect(() => {
    if (focusIndex.current === null || focusIndex.current >= shown) return;
    listRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li a')[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [shown]);
  const showMore = () => {
    focusIndex.current = shown;
    void pages.loadMore();
  };

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <NavigationPending />
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">All Plants</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">Browse every plant in the community. Search, filter and sort to find the one you want.</p>
      </div>

      <PlantFilters
        query={query}
        categories={categories}
        careLevels={facets?.careLevels ?? []}
        onSearch={setSearch}
        onCategory={setCategory}
        onCareLevel={setCareLevel}
        onSort={sortBy}
        onReset={reset}
      />

      <div className="mt-8">
        {pages.status === 'loading' && (
          <>
            <LoadingOverlay />
            <div aria-hidden="true" className={gridClass}>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <PlantCardSkeleton key={i} />
              ))}
            </div>
          </>
        )}

        {pages.status === 'error' && pages.error && (
          <div className="space-y-4">
            <Banner tone="error">{pages.error}</Banner>
            <button type="button" onClick={pages.retry} className={resetButtonClass}>
              Try again
            </button>
          </div>
        )}

        {pages.status === 'ready' && (
          <div aria-busy={pages.refreshing} className={pages.refreshing ? 'opacity-60 transition-opacity' : undefined}>
            <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
              {pages.refreshing ? (
                <>
                  <span
                    aria-hidden="true"
                    className="size-4 animate-spin rounded-full border-2 border-leaf-600 border-t-transparent motion-reduce:animate-none"
                  />
                  Updating the list...
                </>
              ) : (
                <>
                  {describeCount(shown, pages.total, facets?.total, pages.totalExact)}
                  <span className="sr-only"> {describeSort(view)}</span>
                </>
              )}
            </p>
            {shown === 0 && pages.hasMore && (
              <p className="rounded-2xl bg-white px-6 py-8 text-center text-slate-800 shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800">
                No matching plants among those searched so far. There are more to look through.
              </p>
            )}
            {shown === 0 && !pages.hasMore ? (
              <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
                <p className="text-lg text-slate-800 dark:text-slate-200">No plants found matching your criteria.</p>
                <button type="button" onClick={reset} className={`${resetButtonClass} mt-6`}>
                  Reset Filters
                </button>
              </div>
            ) : (
              shown > 0 && (
                <>
                  <PlantGrid plants={pages.plants} listRef={listRef} />
                  {pages.moreError && (
                    <div className="mt-6">
                      <Banner tone="error">{pages.moreError}</Banner>
                    </div>
                  )}
                </>
              )
            )}
            {pages.hasMore && (
              <div className="mt-8 flex justify-center">
                <button
                  type="button"
                  onClick={showMore}
                  disabled={pages.loadingMore || pages.refreshing}
                  aria-busy={pages.loadingMore}
                  className={`${resetButtonClass} gap-2 disabled:opacity-70`}
                >
                  {pages.loadingMore && (
                    <span
                      aria-hidden="true"
                      className="size-4 animate-spin rounded-full border-2 border-leaf-600 border-t-transparent motion-reduce:animate-none"
                    />
                  )}
                  Show more plants
                </button>
              </div>
            )}
          </div>
        )}
      </div>
    </div>
  );
}
