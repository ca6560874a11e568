import type { Plant } from '@model';
import type { PlantFacets } from '@model/plant-list';
import { memo, Suspense, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { ReadFailed } from '@/components/ui/read-failed';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { DueBadge } from '@/components/due-badge';
import { AnswerSuspense } from '@/lib/hydration';
import { useAnswer, type Answer } from '@/lib/server-state';
import { errorMessage } from '@/lib/use-api-error';
import { usePlantList } from '../hooks/use-plant-list';
import { usePlantQuery } from '../hooks/use-plant-query';
import type { AllPlantsLoaderData } from '../lib/all-plants-loader';
import type { FirstPage } from '../lib/plant-list';
import { describeCount, describeSort, type PlantQuery } from '../lib/plant-query';
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
const PlantGrid = memo(function PlantGrid({
  plants,
  listRef,
}: {
  plants: Plant[];
  listRef: RefObject<HTMLUListElement | null>;
}) {
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

/** The status line's count, with how many plants exist once the filter options (which count them) are in. */
function CountLine({
  facets,
  ...count
}: {
  facets: Answer<PlantFacets | undefined>;
  shown: number;
  total: number;
  exact: boolean;
}) {
  const all = useAnswer(facets)?.total;
  return describeCount(count.shown, count.total, all, count.exact);
}

/**
 * All Plants. The route's loader reads the view in the URL (search, filters,
 * order) a page at a time (GET /mango, paged), and the filter options (`data`); the search box
 * writes the URL once typing pauses.
 */
export function AllPlantsView({ data }: { data: AllPlantsLoaderData }) {
  const { query, shown: view, setSearch, setCategory, setCareLevel, setPetSafe, sortBy, reset } = usePlantQuery();

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <NavigationPending />
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">All Plants</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">
          Browse every plant in the community. Search, filter and sort to find the one you want.
        </p>
      </div>

      <PlantFilters
        query={query}
        facets={data.facets}
        onSearch={setSearch}
        onCategory={setCategory}
        onCareLevel={setCareLevel}
        onPetSafe={setPetSafe}
        onSort={sortBy}
        onReset={reset}
      />

      <div className="mt-8">
        <AnswerSuspense
          fallback={
            <>
              <LoadingOverlay />
              <div aria-hidden="true" className={gridClass}>
                {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                  <PlantCardSkeleton key={i} />
                ))}
              </div>
            </>
          }
        >
          <PlantResults first={data.first} facets={data.facets} view={view} onReset={reset} />
        </AnswerSuspense>
      </div>
    </div>
  );
}

interface PlantResultsProps {
  first: FirstPage;
  facets: Answer<PlantFacets | undefined>;
  /** The view shown (the URL's), for the status line. */
  view: PlantQuery;
  onReset: () => void;
}

/** The status line, the grid and Show more, once the first page is in. */
function PlantResults({ first, facets, view, onReset: reset }: PlantResultsProps) {
  const pages = usePlantList(first);
  // Another view of the page is on its way: the plants shown stay, marked as refreshing.
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const refreshing = navigation.state === 'loading' && navigation.location.pathname === pathname;
  useEffect(() => {
    if (pages.error) console.error('Failed to fetch plants', pages.error);
  }, [pages.error]);

  // After 'Show more plants', keyboard focus moves to the first new card's link, as the cards appear.
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  const shown = pages.plants.length;
  useLayoutEffect(() => {
    if (focusIndex.current === null || focusIndex.current >= shown) return;
    listRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li a')[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [shown]);
  const showMore = () => {
    focusIndex.current = shown;
    pages.loadMore();
  };

  if (pages.error) {
    return <ReadFailed message={errorMessage(pages.error, 'The plants could not be loaded. Please try again.')} />;
  }

  return (
    <div aria-busy={refreshing} className={refreshing ? 'opacity-60 transition-opacity' : undefined}>
      <p role="status" className="mb-4 flex items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
        {refreshing ? (
          <>
            <span
              aria-hidden="true"
              className="size-4 animate-spin rounded-full border-2 border-leaf-600 border-t-transparent motion-reduce:animate-none"
            />
            Updating the list...
          </>
        ) : (
          <>
            <Suspense fallback={describeCount(shown, pages.total, undefined, pages.totalExact)}>
              <CountLine facets={facets} shown={shown} total={pages.total} exact={pages.totalExact} />
            </Suspense>
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
            {pages.moreError !== null && (
              <div className="mt-6">
                <Banner tone="error">
                  {errorMessage(pages.moreError, 'The plants could not be loaded. Please try again.')}
                </Banner>
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
            disabled={pages.loadingMore || refreshing}
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
  );
}
