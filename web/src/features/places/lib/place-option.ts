import { changed } from '@/lib/server-changes';
import { createPlace } from '../api/create-place';
import { WALK_PATH } from '../api/list-places';
import type { PlacedFields, PlaceLight, WalkPlace } from '../types';
import { placeFailure } from './place-errors';

/**
 * The plant form's Place box, filled by the places feature (the page hands it to the form): the
 * reader's places, the plant's own among them even when the list lacks it (so saving never moves it
 * unasked), where it stands now, and how a place typed in the box is made and its failure said.
 */
export function placeOption(places: readonly WalkPlace[], current: PlacedFields['place'] = null) {
  const listed: { id: string; name: string; shared?: boolean }[] = [...places];
  if (current && !places.some((place) => place.id === current.id)) listed.push({ id: current.id, name: current.name });
  return {
    places: listed,
    placeId: current?.id ?? null,
    create: async (name: string, light: PlaceLight) => {
      const made = await createPlace({ name, light });
      // The page's walk (Add Plant's, which stays for the next plant) takes it in.
      void changed({ reread: [WALK_PATH] });
      return made.id;
    },
    failure: (error: unknown, name: string) => placeFailure(error, 'make', name),
  };
}
