import { apiFetch } from '@/lib/api-client';
import type { Place, UpdatePlaceRequest } from '../types';
import { placePath } from './list-places';

/** PUT /mango/places/:id: a place's name, light and whether it is outdoors; the place as stored. */
export function updatePlace(id: string, input: UpdatePlaceRequest): Promise<Place> {
  return apiFetch<Place>(placePath(id), { method: 'PUT', body: input, auth: 'required' });
}
