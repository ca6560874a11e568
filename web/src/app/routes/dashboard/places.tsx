import type { Household } from '@model/household';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { ReadFailed } from '@/components/ui/read-failed';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { listPlaces, PLACES_PATH } from '@/features/places/api/list-places';
import { PlacesView } from '@/features/places/components/places-view';
import type { Place } from '@/features/places/types';
import { myPlantsParams, NO_EMAIL } from '@/features/plants/lib/my-plants';
import { readPlantList, type FirstPage } from '@/features/plants/lib/plant-list';
import { readMyHousehold } from '@/lib/household';
import { serverData, settle, useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { formatCount } from '@/lib/text';
import { useLoadError } from '@/lib/use-api-error';

const messages = defineMessages({
  title: { id: 'dashboardRoutes.places.title', message: 'Places' },
  lead: {
    id: 'dashboardRoutes.places.lead',
    message: 'Where your plants stand and the light each place gets, in the order you walk past them.',
  },
  loading: { id: 'dashboardRoutes.places.loading', message: 'Loading your places...' },
  loadFailed: {
    id: 'dashboardRoutes.places.loadFailed',
    message: 'Your places could not be loaded. Please try again.',
  },
  plantsFailed: {
    id: 'dashboardRoutes.places.plantsFailed',
    message: 'Your plants could not be loaded, so the places show none. Please try again.',
  },
  firstPage: {
    id: 'dashboardRoutes.places.firstPage',
    message: 'The places show your first {count, plural, one {# plant} other {# plants}} (A to Z) of {total}.',
  },
});

interface PlacesData {
  /** GET /mango/places. */
  places: Answer<Settled<Place[]>>;
  /** The first page of the reader's own plants (My Items' list), to show in their places. */
  plants: FirstPage;
  /** The reader's household, for who may share a place (null: none). */
  household: Answer<Household | null>;
}

export const { loader, shouldRevalidate } = serverData(({ read }): PlacesData => ({
  places: settle(read(PLACES_PATH, (signal) => listPlaces(signal))),
  plants: readPlantList({ read }, myPlantsParams(), NO_EMAIL),
  household: readMyHousehold(read),
}));

/** Dashboard Places: the reader's places and their plants; make, rename, reorder and delete them. */
export function Component() {
  const t = useT();
  const data = useLoaderData() as PlacesData;
  return (
    <div className="space-y-6">
      <PageHeader title={t(messages.title)} lead={t(messages.lead)} />
      <Suspense
        fallback={
          <p role="status" className="text-slate-700 dark:text-slate-300">
            {t(messages.loading)}
          </p>
        }
      >
        <Places data={data} />
      </Suspense>
    </div>
  );
}

function Places({ data }: { data: PlacesData }) {
  const t = useT();
  const places = useAnswer(data.places);
  const plants = useAnswer(data.plants);
  const household = useAnswer(data.household);
  const failure = useLoadError(places.ok ? null : places.error, t(messages.loadFailed));
  const plantsFailure = useLoadError(
    plants.ok || plants.error === NO_EMAIL ? null : plants.error,
    t(messages.plantsFailed),
  );
  if (!places.ok) return <ReadFailed message={failure} reread={[PLACES_PATH]} />;
  const page = plants.ok ? plants.data : null;
  return (
    <>
      <ReadFailed message={plantsFailure} />
      <PlacesView places={places.data} plants={page?.plants ?? []} role={household?.role ?? null} />
      {page?.nextCursor && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t(messages.firstPage, { count: page.plants.length, total: formatCount(page.total) })}
        </p>
      )}
    </>
  );
}
