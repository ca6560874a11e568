import type { Plant } from '@model';
import type { SetCoverInput } from '@model/photo.model';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/** PUT /mango/:id/cover (its owner, or a member of the household it is shared with (not a sitter)): the photo becomes the plant's cover; answers the plant. */
export function setCover(plantId: string, photoId: string): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(plantId)}/cover`, {
    method: 'PUT',
    body: { photoId } satisfies SetCoverInput,
    auth: 'required',
  });
}
