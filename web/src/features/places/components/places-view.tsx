import type { Plant } from '@model';
import type { HouseholdRole } from '@model/household';
import { useEffect, useId, useMemo } from 'react';
import { Banner } from '@/components/ui/banner';
import { preloadDialogs } from '@/lib/dialogs';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { preloadToasts } from '@/lib/toast';
import { usePlaceActions } from '../hooks/use-place-actions';
import { plantsByPlace } from '../lib/plant-places';
import { cardClass } from '../lib/places-ui';
import type { Place } from '../types';
import { PlaceForm } from './place-form';
import { PlaceList, PlantThumbs } from './place-list';

const messages = defineMessages({
  make: { id: 'places.view.make', message: 'Make a place' },
  newPlace: { id: 'places.view.newPlace', message: 'New place' },
  makePlace: { id: 'places.view.makePlace', message: 'Make place' },
  making: { id: 'places.view.making', message: 'Making place...' },
  none: { id: 'places.view.none', message: "No places yet. Make one, then choose it in a plant's form." },
  orderFailed: { id: 'places.view.orderFailed', message: 'The new order could not be saved. Please try again.' },
  unplaced: { id: 'places.view.unplaced', message: 'Not in a place' },
  unplacedLabel: { id: 'places.view.unplacedLabel', message: 'Plants not in a place' },
});

const headingClass = 'text-lg font-semibold text-slate-900 dark:text-white';

export interface PlacesViewProps {
  places: readonly Place[];
  /** The reader's own plants (one page of them), each saying where it stands. */
  plants: readonly Plant[];
  /** The reader's role in their household; null in none. Owners and members share places; a sitter's are their own. */
  role: HouseholdRole | null;
}

/**
 * The Places page: make a place, then the reader's places in their walking order (reordered,
 * edited and deleted there: a sitter changes none of the household's) with the reader's plants in
 * each, and the plants that stand nowhere.
 */
export function PlacesView({ places, plants, role }: PlacesViewProps) {
  const t = useT();
  const { create, update, remove, deletingId, failure, setFailure, say } = usePlaceActions();
  const makeId = useId();
  const unplacedId = useId();
  const groups = useMemo(() => plantsByPlace(plants), [plants]);
  const plantsIn = useMemo(
    () => new Map([...groups].filter((entry): entry is [string, Plant[]] => entry[0] !== null)),
    [groups],
  );
  const unplaced = groups.get(null) ?? [];
  const sitter = role === 'sitter';
  useEffect(() => {
    preloadDialogs();
    preloadToasts();
  }, []);

  return (
    <div className="space-y-6">
      {failure && <Banner tone="error">{failure}</Banner>}
      <section aria-labelledby={makeId} className={cardClass}>
        <h2 id={makeId} className={`${headingClass} mb-4`}>
          {t(messages.make)}
        </h2>
        <PlaceForm
          label={t(messages.newPlace)}
          offerShare={role === 'owner' || role === 'member'}
          submitText={t(messages.makePlace)}
          busyText={t(messages.making)}
          onSave={create}
        />
      </section>

      {places.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-10 text-center text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
          {t(messages.none)}
        </p>
      ) : (
        <PlaceList
          places={places}
          plantsIn={plantsIn}
          mayChange={(place) => !(sitter && place.shared)}
          onSave={update}
          onDelete={(place) => void remove(place)}
          deletingId={deletingId}
          onMoveFailed={(error) => setFailure(say(error, 'order', '', t(messages.orderFailed)))}
        />
      )}

      {unplaced.length > 0 && (
        <section aria-labelledby={unplacedId} className={cardClass}>
          <h2 id={unplacedId} className={headingClass}>
            {t(messages.unplaced)}
          </h2>
          <PlantThumbs plants={unplaced} label={t(messages.unplacedLabel)} />
        </section>
      )}
    </div>
  );
}
