import type { Plant } from '@model';
import { hasOwnImage, PLACEHOLDER_PLANT_IMAGE, type Photo } from '@model/photos';
import { ApiError } from '@/lib/api-client';

/**
 * A fake of one plant's photo calls in web unit tests (GET/PUT of the plant, GET/POST/DELETE
 * of its photos, PUT of its cover), keeping state as the server does (functions/src/photos/, tested
 * against the emulator): newest first, the first photo becomes the cover of a plant with no image
 * of its own, deleting the cover moves it to the newest left. Tests mock the api modules with its
 * functions, so screens run through their real callers.
 */
export function fakePhotoApi(start: Plant, photos: Photo[] = []) {
  let plant = { ...start };
  let list = [...photos];
  let next = list.length + 1;
  const newestFirst = () =>
    [...list].sort((a, b) => b.takenOn.localeCompare(a.takenOn) || b.createdAt.localeCompare(a.createdAt));
  const cover = (photo: Photo | undefined) => {
    plant = photo
      ? { ...plant, image: photo.url, cardUrl: photo.cardUrl, thumbUrl: photo.thumbUrl }
      : { ...plant, image: PLACEHOLDER_PLANT_IMAGE, cardUrl: undefined, thumbUrl: undefined };
  };
  return {
    get plant() {
      return plant;
    },
    get photos() {
      return newestFirst();
    },
    getPlant: async () => ({ ...plant }),
    listPhotos: async () => newestFirst(),
    uploadPhoto: async (
      _id: string,
      _image: Blob,
      options: { caption?: string; takenOn?: string; onProgress?: (sent: number) => void } = {},
    ) => {
      if (list.length >= 20)
        throw new ApiError(403, 'quota_exceeded', 'This plant has 20 photos already, the most it can keep.');
      options.onProgress?.(0.5);
      options.onProgress?.(1);
      const id = `ph${next++}`;
      const photo: Photo = {
        _id: id,
        url: `/mango/${plant._id}/photos/${id}/full.webp`,
        cardUrl: `/mango/${plant._id}/photos/${id}/card.webp`,
        thumbUrl: `/mango/${plant._id}/photos/${id}/thumb.webp`,
        width: 1600,
        height: 1200,
        caption: options.caption?.trim() || null,
        takenOn: options.takenOn ?? '2026-11-24',
        createdAt: new Date(Date.UTC(2026, 10, 24, 0, 0, next)).toISOString(),
      };
      list.push(photo);
      if (!hasOwnImage(plant.image)) cover(photo);
      return photo;
    },
    deletePhoto: async (_id: string, { _id: photoId }: Pick<Photo, '_id'>) => {
      if (!list.some((photo) => photo._id === photoId))
        throw new ApiError(404, 'not_found', 'That photo could not be found.');
      const wasCover = list.find((photo) => photo._id === photoId)?.url === plant.image;
      list = list.filter((photo) => photo._id !== photoId);
      if (wasCover) cover(newestFirst()[0]);
      return { deletedCount: 1 };
    },
    setCover: async (_id: string, photoId: string) => {
      const photo = list.find((candidate) => candidate._id === photoId);
      if (!photo) throw new ApiError(404, 'not_found', 'That photo could not be found.');
      cover(photo);
      return { ...plant };
    },
  };
}
