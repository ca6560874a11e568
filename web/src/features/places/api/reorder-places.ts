import { apiFetch } from '@/lib/api-client';
import type { Place } from '../types';
import { PLACES_PATH } from './list-places';

/** PUT /mango/places/order: the reader's walking order, first stop first; the places in it as stored. */
export function reorderPlaces(ids: readonly string[]): Promise<{ places: Place[] }> {
  return apiFetch<{ places: Place[] }>(`${PLACES_PATH}/order`, { method: 'PUT', body: { ids }, auth: 'required' });
}
