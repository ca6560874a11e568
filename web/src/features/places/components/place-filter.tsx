import { UNPLACED_FILTER } from '@model/plant-list';
import { useId } from 'react';
import { inputClass, labelClass } from '@/components/ui/form-fields';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import type { WalkPlace } from '../types';

const messages = defineMessages({
  label: { id: 'places.filter.label', message: 'Place' },
  all: { id: 'places.filter.all', message: 'All places' },
  unplaced: { id: 'places.filter.unplaced', message: 'Unplaced' },
  everyPlaced: { id: 'places.filter.everyPlaced', message: 'Every one of your plants stands in a place.' },
  noneIn: { id: 'places.filter.noneIn', message: 'None of your plants stands in {place}.' },
  noneThere: { id: 'places.filter.noneThere', message: 'None of your plants stands there.' },
});

/**
 * My Plants' "Place" filter: all plants (''), one place's (its id), or those that stand nowhere
 * ("Unplaced": UNPLACED_FILTER, as GET /mango's placeId says it).
 */
export function PlaceFilter({
  places,
  value,
  onChange,
  className = '',
}: {
  places: readonly WalkPlace[];
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  const t = useT();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {t(messages.label)}
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} border-slate-400 dark:border-slate-600`}
      >
        <option value="">{t(messages.all)}</option>
        {places.map((place) => (
          <option key={place.id} value={place.id}>
            {place.name}
          </option>
        ))}
        <option value={UNPLACED_FILTER}>{t(messages.unplaced)}</option>
      </select>
    </div>
  );
}

/** What My Plants says when no plant of the reader's stands where the filter asks, in the app's language. */
export function noneInPlace(places: readonly WalkPlace[], value: string): string {
  if (value === UNPLACED_FILTER) return translate(messages.everyPlaced);
  const place = places.find((item) => item.id === value);
  return place ? translate(messages.noneIn, { place: place.name }) : translate(messages.noneThere);
}
