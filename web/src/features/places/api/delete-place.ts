import type { PlaceDeleted } from '@model/places';
import { apiFetch } from '@/lib/api-client';
import { placePath } from './list-places';

/** DELETE /mango/places/:id: the place goes, and the plants that stood in it stand nowhere (`movedOut` of them). */
export function deletePlace(id: string): Promise<PlaceDeleted> {
  return apiFetch<PlaceDeleted>(placePath(id), { method: 'DELETE', auth: 'required' });
}
