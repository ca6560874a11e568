import type { Plant } from '@model';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Banner } from '@/components/ui/banner';
import { LoadingOverlay } from '@/components/ui/loading-overlay';
import { DueBadge } from '@/features/watering/components/due-badge';
import { useAllPlants } from '../hooks/use-all-plants';
import { usePlantQuery } from '../hooks/use-plant-query';
import { applyPlantQuery, describeCount, describeSort, distinctCareLevels, distinctCategories, plantQueryToParams } from '../lib/plant-query';
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
/*
 * Cards rendered at first, and added by each 'Show more plants': the first paint stays fast with
 * thousands of plants. 12 fills whole rows at 1, 2, 3 and 4 columns.
 */
export const PAGE_SIZE = 12;

const gridClass = 'grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4';
/*
 * Off-screen cards skip layout and paint until scrolled near (content-visibility), keeping a long
 * list cheap; the intrinsic size reserves their space so the scrollbar does not jump.
 */
const cardItemClass = '[contain-intrinsic-size:auto_460px] [content-visibility:auto]';

/** All Plants (SPEC.md section 2). `preloaded`: the plants request the route's loader started. */
export function AllPlantsView({ preloaded }: { preloaded?: Promise<Plant[]> }) {
  const { status, plants, error, retry } = useAllPlants(preloaded);
  const { query, setSearch, setCategory, setCareLevel, sortBy, reset } = usePlantQuery();
  // Typing stays instant with thousands of plants: the grid follows a moment later if it must.
  const deferredQuery = useDeferredValue(query);
  const visible = useMemo(() => applyPlantQuery(plants, deferredQuery), [plants, deferredQuery]);
  const categories = useMemo(() => distinctCategories(plants), [plants]);
  const careLevels = useMemo(() => distinctCareLevels(plants), [plants]);

  // A new view starts again from the first page.
  const viewKey = plantQueryToParams(deferredQuery).toString();
  const [limit, setLimit] = useState({ viewKey, count: PAGE_SIZE });
  const shownCount = limit.viewKey === viewKey ? limit.count : PAGE_SIZE;
  const shown = visible.slice(0, shownCount);

  // After 'Show more plants', keyboard focus moves to the first new card's link.
  const listRef = useRef<HTMLUListElement>(null);
  const focusIndex = useRef<number | null>(null);
  useEffect(() => {
    if (focusIndex.current === null) return;
    listRef.current?.querySelectorAll<HTMLAnchorElement>(':scope > li a')[focusIndex.current]?.focus();
    focusIndex.current = null;
  }, [shownCount]);
  const showMore = () => {
    focusIndex.current = shownCount;
    setLimit({ viewKey, count: shownCount + PAGE_SIZE });
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
        careLevels={careLevels}
        onSearch={setSearch}
        onCategory={setCategory}
        onCareLevel={setCareLevel}
        onSort={sortBy}
        onReset={reset}
      />

      <div className="mt-8">
        {status === 'loading' && (
          <>
            <LoadingOverlay />
            <div aria-hidden="true" className={gridClass}>
              {Array.from({ length: SKELETON_CARDS }, (_, i) => (
                <PlantCardSkeleton key={i} />
              ))}
            </div>
          </>
        )}

        {status === 'error' && error && (
          <div className="space-y-4">
            <Banner tone="error">{error}</Banner>
            <button type="button" onClick={retry} className={resetButtonClass}>
              Try again
            </button>
          </div>
        )}

        {status === 'ready' && (
          <>
            <p role="status" className="mb-4 text-sm text-slate-700 dark:text-slate-300">
              {describeCount(shown.length, visible.length, plants.length)}
              <span className="sr-only"> {describeSort(deferredQuery)}</span>
            </p>
            {visible.length === 0 ? (
              <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
                <p className="text-lg text-slate-800 dark:text-slate-200">No plants found matching your criteria.</p>
                <button type="button" onClick={reset} className={`${resetButtonClass} mt-6`}>
                  Reset Filters
                </button>
              </div>
            ) : (
              <>
                <ul ref={listRef} className={gridClass} aria-label="Plants">
                  {shown.map((plant, index) => (
                    <li key={plant._id} className={index < EAGER_CARDS ? undefined : cardItemClass}>
                      <PlantCard plant={plant} eager={index < EAGER_CARDS} badges={plant.nextWateringDate ? <DueBadge nextWateringDate={plant.nextWateringDate} /> : undefined} />
                    </li>
                  ))}
                </ul>
                {shown.length < visible.length && (
                  <div className="mt-8 flex justify-center">
                    <button type="button" onClick={showMore} className={resetButtonClass}>
                      Show more plants
                    </button>
                  </div>
                )}
              </>
            )}
          </>
        )}
      </div>
    </div>
  );
}
