import { useId } from 'react';
import { inputClass, labelClass } from '@/components/ui/form-fields';
import { UNPLACED } from '../lib/plant-places';
import type { Place } from '../types';

/** My Plants' "Place" filter: all plants, one place's, or those that stand nowhere ("Unplaced"). */
export function PlaceFilter({
  places,
  value,
  onChange,
  className = '',
}: {
  places: readonly Place[];
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        Place
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className={`${inputClass} border-slate-400 dark:border-slate-600`}
      >
        <option value="">All places</option>
        {places.map((place) => (
          <option key={place.id} value={place.id}>
            {place.name}
          </option>
        ))}
        <option value={UNPLACED}>Unplaced</option>
      </select>
    </div>
  );
}

/** What My Plants says when the filter leaves nothing. */
export function noneInPlace(places: readonly Place[], value: string): string {
  if (value === UNPLACED) return 'Every plant shown here stands in a place.';
  const place = places.find((item) => item.id === value);
  return place ? `None of the plants shown here stands in ${place.name}.` : 'No plant shown here stands there.';
}
