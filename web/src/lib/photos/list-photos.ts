import type { Photo } from '@model/photos';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/** The request's path: GET /mango/:id/photos. */
export const photosPath = (plantId: string) => `${plantPath(plantId)}/photos`;

/** GET /mango/:id/photos: all of the plant's photos (20 at most), newest first. */
export async function listPhotos(plantId: string, signal?: AbortSignal): Promise<Photo[]> {
  return (await apiFetch<{ photos: Photo[] }>(photosPath(plantId), { signal })).photos;
}
