import type { Plant } from '@model';
import type { LightLevel } from '@model/light';

/*
 * The places feature's names for the shared model's types (functions/src/model/places.ts and
 * light.ts), imported as types only: the model's places module brings zod, which the Places page
 * does not otherwise load.
 */
export type { LightFit, LightLevel as PlaceLight } from '@model/light';
export type { Place, WalkPlace } from '@model/places';

/** The most characters of a place's name (trimmed): the model's PLACE_NAME_MAX (a test keeps them equal). */
export const PLACE_NAME_MAX = 40;

/** Where a plant stands, in the views that carry its owner's (its owner's, its household's); absent in everyone else's. */
export type PlacedFields = Pick<Plant, 'place' | 'lightFit'>;

/** POST /mango/places. */
export interface CreatePlaceRequest {
  name: string;
  light: LightLevel;
  outdoor?: boolean;
  shared?: boolean;
}

/** PUT /mango/places/:id: whether it is shared does not change. */
export interface UpdatePlaceRequest {
  name: string;
  light: LightLevel;
  outdoor: boolean;
}
