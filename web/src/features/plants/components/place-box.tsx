import type { LightLevel } from '@model/light';
import { useId } from 'react';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { LIGHT_OPTIONS } from '@/lib/light';
import { NEW_PLACE, type PlaceChoice } from '../hooks/use-place-choice';

/**
 * "Place": where the plant stands, one of the reader's places, none, or a new one named here (with
 * the light it gets), made when the plant is saved.
 */
export function PlaceBox({ place, className = '' }: { place: PlaceChoice; className?: string }) {
  const hintId = useId();
  if (!place.option) return null;
  const options = [
    ...place.option.places.map(({ id, name, shared }) => ({ value: id, label: shared ? `${name} (shared)` : name })),
    { value: NEW_PLACE, label: 'A new place...' },
  ];
  return (
    <div className={`grid grid-cols-1 gap-5 sm:grid-cols-2 ${className}`}>
      <SelectField
        label="Place"
        placeholder="No place"
        options={options}
        value={place.choice}
        onChange={(event) => place.choose(event.target.value)}
        className="sm:col-span-2"
      />
      {place.adding && (
        <>
          <TextField
            id={place.ids.name}
            label="New place's name"
            autoComplete="off"
            placeholder="e.g., Balcony"
            value={place.name}
            onChange={(event) => place.setName(event.target.value)}
            describedBy={hintId}
            error={place.errors.name}
          >
            <p id={hintId} className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
              It is made when the plant is saved.
            </p>
          </TextField>
          <SelectField
            id={place.ids.light}
            label="Light there"
            placeholder="Choose the light there"
            options={LIGHT_OPTIONS}
            value={place.light}
            onChange={(event) => place.setLight(event.target.value as LightLevel | '')}
            error={place.errors.light}
          />
        </>
      )}
    </div>
  );
}
