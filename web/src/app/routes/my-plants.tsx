import type { Plant } from '@model';
import { Suspense, useCallback, useMemo } from 'react';
import { Link, useLoaderData, useSearchParams, type LoaderFunctionArgs } from 'react-router-dom';
import { PlusIcon } from '@/components/ui/icons';
import { LoadingOverlay, PendingBelow } from '@/components/ui/loading-overlay';
import { ReadFailed } from '@/components/ui/read-failed';
import { paths } from '@/config/paths';
import { CalendarPanel } from '@/features/calendar/components/calendar-panel';
import { WateredButton } from '@/features/care/components/care-job-button';
import { NearestJobBadge } from '@/features/care/components/nearest-job-badge';
import { MorePlants } from '@/features/plants/components/more-plants';
import { MyPlantsList } from '@/features/plants/components/my-plants-list';
import { SharedBadge, SharedPlantsList } from '@/features/plants/components/shared-plants-list';
import {
  householdPlantsPath,
  listHouseholdPlants,
  type HouseholdPlantPage,
} from '@/features/plants/api/list-household-plants';
import { NavigationPending } from '@/features/plants/components/navigation-pending';
import { readWalk } from '@/features/places/api/list-places';
import { noneInPlace, PlaceFilter } from '@/features/places/components/place-filter';
import type { WalkPlace } from '@/features/places/types';
import { useDeletePlant } from '@/features/plants/hooks/use-delete-plant';
import { usePlantList } from '@/features/plants/hooks/use-plant-list';
import { myPlantsParams, NO_EMAIL } from '@/features/plants/lib/my-plants';
import { morePlants, readPlantList, type FirstPage } from '@/features/plants/lib/plant-list';
import { TransferPanel } from '@/features/transfer/components/transfer-panel';
import { currentUser } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed, useChanges } from '@/lib/server-changes';
import { serverData, settle, useAnswer, type Answer, type ServerDataArgs, type Settled } from '@/lib/server-state';
import { formatCount } from '@/lib/text';
import { useLoadError } from '@/lib/use-api-error';

const messages = defineMessages({
  loadFailed: { id: 'routes.myPlants.loadFailed', message: 'Your plants could not be loaded. Please try again.' },
  title: { id: 'routes.myPlants.title', message: 'My Plants' },
  lookingAfter: {
    id: 'routes.myPlants.lookingAfter',
    message: 'You are looking after {count, plural, one {# plant} other {# plants}}.',
  },
  addPlant: { id: 'routes.myPlants.addPlant', message: 'Add Plant' },
  none: { id: 'routes.myPlants.none', message: "You haven't added any plants yet." },
  addFirst: { id: 'routes.myPlants.addFirst', message: 'Add Your First Plant' },
  sharedFailed: {
    id: 'routes.myPlants.sharedFailed',
    message: 'The plants shared with you could not be loaded. Please try again.',
  },
  sharedTitle: { id: 'routes.myPlants.sharedTitle', message: 'Shared with you' },
  sharedLead: { id: 'routes.myPlants.sharedLead', message: 'Plants your household looks after together.' },
  sharedFirst: {
    id: 'routes.myPlants.sharedFirst',
    message: 'Showing the first {shown} of the {total, plural, one {# plant} other {# plants}} your household shares.',
  },
});
const primaryLinkClass =
  'inline-flex items-center gap-2 rounded-lg bg-leaf-700 px-4 py-2.5 font-semibold text-white hover:bg-leaf-800';

/** What "Shared with you" shows: the household's shared plants (none without a household), and who is looking. */
interface SharedWithYou {
  viewerUid: string;
  page: Settled<HouseholdPlantPage>;
}

interface MyPlantsData {
  list: FirstPage;
  shared: Answer<SharedWithYou | null>;
  /** The user's places, for the Place filter (null, a failed read: no filter). */
  places: Answer<WalkPlace[] | null>;
}

/**
 * The household's shared plants (GET /mango/household/plants), once auth has said who the user is
 * and the user's own list, which comes first on the page, has been asked for; the same for every
 * Place filter, so asked for on arrival and again only when it changed.
 */
const readSharedWithYou = (read: ServerDataArgs['read'], ownList: Promise<unknown>): Promise<SharedWithYou | null> =>
  Promise.all([currentUser(), ownList]).then(async ([user]) =>
    user
      ? {
          viewerUid: user.uid,
          page: await settle(
            read(householdPlantsPath(), (signal) => listHouseholdPlants(null, signal), { once: true }),
          ),
        }
      : null,
  );

/**
 * The page's query parameter of the Place filter: a place's id, or UNPLACED_FILTER for the plants in
 * none; the server filters (GET /mango's placeId), so each filter is a list of its own, paged apart.
 */
const PLACE_PARAM = 'place';
const placeFilterOf = ({ request }: Pick<LoaderFunctionArgs, 'request'>) =>
  new URL(request.url).searchParams.get(PLACE_PARAM) ?? '';

/**
 * The signed-in user's own plants a page at a time (in the place the URL names, if any), with Show
 * more, and their places to filter them by; below them, the household's shared plants.
 */
export const { loader, shouldRevalidate } = serverData(
  ({ read, request }): MyPlantsData => {
    const params = myPlantsParams(placeFilterOf({ request }));
    return {
      list: readPlantList({ read }, params, NO_EMAIL),
      shared: readSharedWithYou(read, params),
      // After the list, which comes first on the page, has been asked for; the same for every filter.
      places: params.then(() => readWalk(read, { once: true })),
    };
  },
  morePlants((args) => myPlantsParams(placeFilterOf(args))),
);

export function Component() {
  const { list, shared, places } = useLoaderData() as MyPlantsData;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
      <NavigationPending />
      <Suspense
        fallback={
          <>
            <Header />
            <LoadingOverlay />
          </>
        }
      >
        <Plants list={list} places={places} />
        {/* What comes below the user's own plants waits for them, and for the shared ones, with the
            footer held back meanwhile: nothing on screen is pushed down when they arrive. */}
        <Suspense fallback={<PendingBelow />}>
          <SharedPlants answer={shared} />
          <TransferPanel className="mt-10" onImported={() => void changed({ reread: 'page' })} />
          <CalendarPanel className="mt-6" />
        </Suspense>
      </Suspense>
    </div>
  );
}

const renderBadges = (plant: Plant) => (
  <>
    <NearestJobBadge plant={plant} />
    <SharedBadge plant={plant} />
  </>
);
const renderDueBadge = (plant: Plant) => <NearestJobBadge plant={plant} />;

/** The title, how many plants the user looks after (not said of one place's: `filtered`), and Add Plant. */
function Header({ total, filtered = false }: { total?: number; filtered?: boolean }) {
  const t = useT();
  return (
    <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
      <div>
        <h1 className="text-3xl font-bold text-slate-900 dark:text-white">{t(messages.title)}</h1>
        {total !== undefined && !filtered && (
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t(messages.lookingAfter, { count: total })}</p>
        )}
      </div>
      {total !== undefined && (
        <Link to={paths.addPlants} className={primaryLinkClass}>
          <PlusIcon size={18} />
          {t(messages.addPlant)}
        </Link>
      )}
    </div>
  );
}

/** Each row's small Watered button. */
const wateredButton = (plant: Plant) => <WateredButton plant={plant} />;

function Plants({ list: first, places: placesAnswer }: { list: FirstPage; places: Answer<WalkPlace[] | null> }) {
  const { plants, total, hasMore, loadMore, loadingMore, moreError, error, removePlant } = usePlantList(first);
  const places = useAnswer(placesAnswer);
  const [search, setSearch] = useSearchParams();
  const place = search.get(PLACE_PARAM) ?? '';
  // Another place is another list, asked of the server: the loader reads it from the URL.
  const choosePlace = useCallback(
    (value: string) => {
      const next = new URLSearchParams(search);
      if (value) next.set(PLACE_PARAM, value);
      else next.delete(PLACE_PARAM);
      setSearch(next);
    },
    [search, setSearch],
  );
  const deletion = useDeletePlant({ onDeleted: removePlant });
  const { remove } = deletion;
  const onDelete = useCallback((plant: Plant) => void remove(plant), [remove]);
  const t = useT();
  const failure = useLoadError(error, t(messages.loadFailed));
  const moreFailure = useLoadError(moreError, t(messages.loadFailed));
  // Offered to a reader with places, and while the URL asks for one (a place deleted since: they can go back to all).
  const filter =
    (places && places.length > 0) || place ? (
      <div className="mb-6 flex flex-wrap items-end gap-x-4 gap-y-2">
        <PlaceFilter places={places ?? []} value={place} onChange={choosePlace} className="w-full sm:w-64" />
      </div>
    ) : null;

  if (error) {
    return (
      <>
        <Header />
        {place && filter}
        <ReadFailed message={failure} />
      </>
    );
  }

  if (plants.length === 0 && !place) {
    return (
      <>
        <Header />
        <div className="rounded-2xl bg-white px-6 py-12 text-center shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <p className="text-lg text-slate-800 dark:text-slate-200">{t(messages.none)}</p>
          <Link to={paths.addPlants} className={`${primaryLinkClass} mt-6`}>
            <PlusIcon size={18} />
            {t(messages.addFirst)}
          </Link>
        </div>
      </>
    );
  }

  return (
    <>
      <Header total={total} filtered={Boolean(place)} />
      {filter}
      {plants.length > 0 ? (
        <MyPlantsList
          plants={plants}
          onDelete={onDelete}
          deletingId={deletion.deletingId}
          renderBadges={renderBadges}
          renderActions={wateredButton}
        />
      ) : (
        <p className="rounded-2xl bg-white px-6 py-10 text-center text-slate-800 shadow-md ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-200 dark:ring-slate-800">
          {noneInPlace(places ?? [], place)}
        </p>
      )}
      <MorePlants
        shown={plants.length}
        total={total}
        hasMore={hasMore}
        loading={loadingMore}
        error={moreFailure}
        onMore={loadMore}
      />
    </>
  );
}

/**
 * "Shared with you": the plants the user's household shares that are not the user's, each saying
 * whose it is, with Watered (members and sitters may water). Nothing at all without a household.
 */
function SharedPlants({ answer }: { answer: Answer<SharedWithYou | null> }) {
  const shared = useAnswer(answer);
  const overlay = useChanges();
  const page = shared?.page;
  const t = useT();
  const failure = useLoadError(page && !page.ok ? page.error : null, t(messages.sharedFailed));
  const viewerUid = shared?.viewerUid;
  const plants = useMemo(
    () =>
      page?.ok && page.data ? overlay(page.data, page.data.plants).filter((plant) => plant.ownerUid !== viewerUid) : [],
    [page, overlay, viewerUid],
  );
  if (!page || (page.ok && plants.length === 0)) return null;
  return (
    <section aria-labelledby="shared-with-you" className="mt-10 space-y-4">
      <div>
        <h2 id="shared-with-you" className="text-2xl font-bold text-slate-900 dark:text-white">
          {t(messages.sharedTitle)}
        </h2>
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t(messages.sharedLead)}</p>
      </div>
      {!page.ok ? (
        <ReadFailed message={failure} reread={[householdPlantsPath()]} />
      ) : (
        <>
          <SharedPlantsList plants={plants} renderBadges={renderDueBadge} renderActions={wateredButton} />
          {page.data?.nextCursor && (
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {t(messages.sharedFirst, { shown: formatCount(page.data.plants.length), total: page.data.total })}
            </p>
          )}
        </>
      )}
    </section>
  );
}
