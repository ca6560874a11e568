import { apiFetch } from '@/lib/api-client';
import type { CreatePlaceRequest, Place } from '../types';
import { PLACES_PATH } from './list-places';

/** POST /mango/places: a new place of the reader's (or, `shared`, of their household's); 409 when the name is taken or there are too many. */
export function createPlace(input: CreatePlaceRequest): Promise<Place> {
  return apiFetch<Place>(PLACES_PATH, { method: 'POST', body: input, auth: 'required' });
}
