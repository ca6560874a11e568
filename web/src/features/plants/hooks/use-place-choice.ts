import { PLACE_NAME_MAX } from '@model/places';
import type { LightLevel } from '@model/light';
import { useId, useRef, useState } from 'react';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  nameMissing: { id: 'plants.place.nameMissing', message: 'Name the new place, or choose another.' },
  nameTooLong: {
    id: 'plants.place.nameTooLong',
    message: "A place's name must be at most {max} characters.",
  },
  lightMissing: { id: 'plants.place.lightMissing', message: 'Say how much light the new place gets.' },
});

/** The Place box's choice of a place to make, not one of the reader's. */
export const NEW_PLACE = ':new';

/**
 * The plant form's Place box, offered when the page has the reader's places (GET /mango/places):
 * the page hands them over, and how to make one (a feature never imports another's requests).
 */
export interface PlaceOption {
  places: readonly { id: string; name: string; shared?: boolean }[];
  /** Where the plant stands now; null for nowhere (a new plant). */
  placeId: string | null;
  /** POST /mango/places for a name typed in the box: resolves with the new place's id. */
  create: (name: string, light: LightLevel) => Promise<string>;
  /** The sentence for a failed `create` (the name is taken, too many places); null to say it as any failure. */
  failure: (error: unknown, name: string) => string | null;
}

const fold = (name: string) => name.trim().toLowerCase();

/**
 * What the Place box holds: no place (''), one of the reader's (its id), or a new one (NEW_PLACE)
 * with its name and light, made only when the plant is saved (`resolve`). A place made for a send
 * whose plant then failed is not made twice: the same name the next time is that place.
 */
export function usePlaceChoice(option: PlaceOption | null | undefined) {
  const initial = option?.placeId ?? '';
  const [choice, setChoice] = useState(initial);
  const [name, setName] = useState('');
  const [light, setLight] = useState<LightLevel | ''>('');
  const [errors, setErrors] = useState<{ name?: string; light?: string }>({});
  const made = useRef<{ id: string; name: string }[]>([]);
  const id = useId();
  const ids = { name: `${id}-name`, light: `${id}-light` };
  const adding = Boolean(option) && choice === NEW_PLACE;

  const validate = (next: { name: string; light: LightLevel | '' }) => {
    const trimmed = next.name.trim();
    return {
      name: !trimmed
        ? translate(messages.nameMissing)
        : trimmed.length > PLACE_NAME_MAX
          ? translate(messages.nameTooLong, { max: PLACE_NAME_MAX })
          : undefined,
      light: next.light ? undefined : translate(messages.lightMissing),
    };
  };

  return {
    option,
    choice,
    name,
    light,
    errors,
    adding,
    /** The new place's fields' ids. */
    ids,
    choose: (value: string) => {
      setChoice(value);
      setErrors({});
    },
    setName: (value: string) => {
      setName(value);
      if (errors.name) setErrors({ ...errors, name: validate({ name: value, light }).name });
    },
    setLight: (value: LightLevel | '') => {
      setLight(value);
      if (errors.light) setErrors({ ...errors, light: validate({ name, light: value }).light });
    },
    /** Says what a new place lacks; false when it lacks something. */
    check: (): boolean => {
      if (!adding) return true;
      const found = validate({ name, light });
      setErrors(found);
      return !found.name && !found.light;
    },
    /** Moves focus to the first part of a new place that needs the user. */
    focus: () => document.getElementById(validate({ name, light }).name ? ids.name : ids.light)?.focus(),
    /** A failed make's sentence, under the new place's name. */
    refuse: (message: string) => setErrors({ name: message }),
    /**
     * The `placeId` to send: undefined without the box or with the choice unchanged (a plant in a
     * place the reader cannot see stays there), null for no place; a new place is made first.
     */
    resolve: async (): Promise<string | null | undefined> => {
      if (!option) return undefined;
      if (!adding) return choice === initial ? undefined : choice || null;
      const wanted = fold(name);
      const known = [...option.places, ...made.current].find((place) => fold(place.name) === wanted);
      if (known) return known.id;
      const trimmed = name.trim();
      const id = await option.create(trimmed, light as LightLevel);
      made.current.push({ id, name: trimmed });
      return id;
    },
    /** Starts over, as the form does after a plant is added. */
    reset: () => {
      setChoice(initial);
      setName('');
      setLight('');
      setErrors({});
    },
  };
}

export type PlaceChoice = ReturnType<typeof usePlaceChoice>;
