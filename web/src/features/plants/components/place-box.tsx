import type { LightLevel } from '@model/light';
import { useId } from 'react';
import { SelectField, TextField } from '@/components/ui/form-fields';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { LIGHT_OPTIONS } from '@/lib/light';
import { NEW_PLACE, type PlaceChoice } from '../hooks/use-place-choice';

const messages = defineMessages({
  shared: { id: 'plants.place.shared', message: '{name} (shared)' },
  newPlace: { id: 'plants.place.new', message: 'A new place...' },
  place: { id: 'plants.place.label', message: 'Place' },
  noPlace: { id: 'plants.place.none', message: 'No place' },
  newName: { id: 'plants.place.newName', message: "New place's name" },
  newNameExample: { id: 'plants.place.newNameExample', message: 'e.g., Balcony' },
  madeOnSave: { id: 'plants.place.madeOnSave', message: 'It is made when the plant is saved.' },
  light: { id: 'plants.place.light', message: 'Light there' },
  chooseLight: { id: 'plants.place.chooseLight', message: 'Choose the light there' },
});

/**
 * "Place": where the plant stands, one of the reader's places, none, or a new one named here (with
 * the light it gets), made when the plant is saved.
 */
export function PlaceBox({ place, className = '' }: { place: PlaceChoice; className?: string }) {
  const t = useT();
  const hintId = useId();
  if (!place.option) return null;
  const options = [
    ...place.option.places.map(({ id, name, shared }) => ({
      value: id,
      label: shared ? t(messages.shared, { name }) : name,
    })),
    { value: NEW_PLACE, label: t(messages.newPlace) },
  ];
  return (
    <div className={`grid grid-cols-1 gap-5 sm:grid-cols-2 ${className}`}>
      <SelectField
        label={t(messages.place)}
        placeholder={t(messages.noPlace)}
        options={options}
        value={place.choice}
        onChange={(event) => place.choose(event.target.value)}
        className="sm:col-span-2"
      />
      {place.adding && (
        <>
          <TextField
            id={place.ids.name}
            label={t(messages.newName)}
            autoComplete="off"
            placeholder={t(messages.newNameExample)}
            value={place.name}
            onChange={(event) => place.setName(event.target.value)}
            describedBy={hintId}
            error={place.errors.name}
          >
            <p id={hintId} className="mt-1.5 text-sm text-slate-700 dark:text-slate-300">
              {t(messages.madeOnSave)}
            </p>
          </TextField>
          <SelectField
            id={place.ids.light}
            label={t(messages.light)}
            placeholder={t(messages.chooseLight)}
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
