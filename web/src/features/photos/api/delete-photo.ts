import type { Photo } from '@model/photos';
import { ApiError, apiFetch } from '@/lib/api-client';
import { forgetPhoto } from '../lib/forget-photo';
import { photosPath } from '@/lib/photos/list-photos';

/**
 * DELETE /mango/:id/photos/:photoId (its owner, or a member of the household it is shared with (not a sitter)). Once the photo is gone (deleted now, or already:
 * 404), this browser forgets its images too.
 */
export async function deletePhoto(
  plantId: string,
  photo: Pick<Photo, '_id' | 'url' | 'cardUrl' | 'thumbUrl'>,
): Promise<{ deletedCount: number }> {
  let answer: { deletedCount: number };
  try {
    answer = await apiFetch<{ deletedCount: number }>(`${photosPath(plantId)}/${encodeURIComponent(photo._id)}`, {
      method: 'DELETE',
      auth: 'required',
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) await forgetPhoto(photo);
    throw error;
  }
  await forgetPhoto(photo);
  return answer;
}
