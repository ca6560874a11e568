import type { Plant } from '@model';
import type { PlantFacets } from '@model/plant-list';
import { memo, Suspense, useEffect, useLayoutEffect, useRef, type RefObject } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { ReadFailed } from '@/components/ui/read-failed';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { DueBadge } from '@/components/due-badge';
import { AnswerSuspense } from '@/lib/hydration';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
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

const messages = defineMessages({
  plants: { id: 'plants.all.list', message: 'Plants' },
  title: { id: 'plants.all.title', message: 'All Plants' },
  lead: {
    id: 'plants.all.lead',
    message: 'Browse every plant in the community. Search, filter and sort to find the one you want.',
  },
  loadFailed: { id: 'plants.all.loadFailed', message: 'The plants could not be loaded. Please try again.' },
  updating: { id: 'plants.all.updating', message: 'Updating the list...' },
  noneSoFar: {
    id: 'plants.all.noneSoFar',
    message: 'No matching plants among those searched so far. There are more to look through.',
  },
  none: { id: 'plants.all.none', message: 'No plants found matching your criteria.' },
  resetFilters: { id: 'plants.filters.reset', message: 'Reset Filters' },
  showMore: { id: 'plants.all.showMore', message: 'Show more plants' },
});

/*
 * The first card's image is the page's largest paint on a phone: it loads at once and first. The
 * rest load lazily, so on a phone they do not compete with it for bandwidth; on a wide screen
 * the lazy images of the first row are in view and start right after layout anyway.
 */
const EAGER_CARDS = 1;
const SKELETON_CARDS = 8;
/** The cards' links, in the grid's order (a CSS selector). */
const CARD_LINKS = ':scope > li a';

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
  const t = useT();
  return (
    <ul ref={listRef} className={gridClass} aria-label={t(messages.plants)}>
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
  const t = useT();
  const all = useAnswer(facets)?.total;
  return describeCount(count.shown, count.total, all, count.exact, t);
}

/**
 * All Plants. The route's loader reads the view in the URL (search, filters,
 * order) a page at a time (GET /mango, paged), and the filter options (`data`); the search box
 * writes the URL once typing pauses.
 */
export function AllPlantsView({ data }: { data: AllPlantsLoaderData }) {
  const { query, shown: view, setSearch, setCategory, setCareLevel, setPetSafe, sortBy, reset } = usePlantQuery();
  const t = useT();

  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-10 sm:py-14">
      <NavigationPending />
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold text-slate-900 sm:text-4xl dark:text-white">{t(messages.title)}</h1>
        <p className="mt-2 text-slate-700 dark:text-slate-300">{t(messages.lead)}</p>
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
  const t = useT();
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
    listRef.current?.querySelectorAll<HTMLAnchorElement>(CARD_LINKS)[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [shown]);
  const showMore = () => {
    focusIndex.current = shown;
    pages.loadMore();
  };

  if (pages.error) {
    return <ReadFailed message={errorMessage(pages.error, t(messages.loadFailed))} />;
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
            {t(messages.updating)}
          </>
        ) : (
          <>
            <Suspense fallback={describeCount(shown, pages.total, undefined, pages.totalExact, t)}>
              <CountLine facets={facets} shown={shown} total={pages.total} exact={pages.totalExact} />
            </Suspense>
            <span className="sr-only"> {describeSort(view, t)}</span>
          </>
        )}
      </p>
      {shown === 0 && pages.hasMore && (
        <p className="rounded-2xl bg-white px-6 py-8 text-center text-slate-800 shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800">
          {t(messages.noneSoFar)}
        </p>
      )}
      {shown === 0 && !pages.hasMore ? (
        <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <p className="text-lg text-slate-800 dark:text-slate-200">{t(messages.none)}</p>
          <button type="button" onClick={reset} className={`${resetButtonClass} mt-6`}>
            {t(messages.resetFilters)}
          </button>
        </div>
      ) : (
        shown > 0 && (
          <>
            <PlantGrid plants={pages.plants} listRef={listRef} />
            {pages.moreError !== null && (
              <div className="mt-6">
                <Banner tone="error">{errorMessage(pages.moreError, t(messages.loadFailed))}</Banner>
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
            {t(messages.showMore)}
          </button>
        </div>
      )}
    </div>
  );
}
