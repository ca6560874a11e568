import { apiFetch } from '@/lib/api-client';
import { photosPath } from './list-photos';

/** DELETE /mango/:id/photos/:photoId (owner only). */
export function deletePhoto(plantId: string, photoId: string): Promise<{ deletedCount: number }> {
  return apiFetch<{ deletedCount: number }>(`${photosPath(plantId)}/${encodeURIComponent(photoId)}`, { method: 'DELETE', auth: 'required' });
}
