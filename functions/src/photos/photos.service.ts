import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import {
  PHOTO_LIMITS,
  latestWateringDate,
  utcToday,
  type Photo,
  type Plant,
  type SetCoverInput,
  type UploadPhotoQuery,
} from '../model';
import { isPlausiblePlantId } from '../plants/plants.schemas';
import { inspectPhoto, renderPhoto } from './photo-image';
import { renditionOfFile } from './photo-layout';
import type { PhotosRepository, PlantWithPhotos } from './photos.repository';

const plantNotFound = () => new HttpError(404, 'not_found', 'That plant does not exist. It may have been deleted.');
const photoNotFound = () => new HttpError(404, 'not_found', 'That photo does not exist. It may have been deleted.');
const notYourPlant = () =>
  new HttpError(403, 'forbidden', 'You can only add, change or delete photos of your own plants.');

function assertOwner(current: PlantWithPhotos | null, viewer: Viewer): asserts current is PlantWithPhotos {
  if (!current) throw plantNotFound();
  if (current.plant.ownerUid !== viewer.uid) throw notYourPlant();
}

function assertRoomForPhoto(current: PlantWithPhotos): void {
  if (current.photoCount < PHOTO_LIMITS.perPlant) return;
  throw new HttpError(
    403,
    'quota_exceeded',
    `This plant already has ${PHOTO_LIMITS.perPlant} photos, the most one plant can keep. Delete a photo to add another.`,
  );
}

/** The day a photo was taken: the given one (at most a day after the server's UTC day, as for waterings), or the server's UTC day. */
function takenOnDay(query: UploadPhotoQuery, now: Date): string {
  const day = query.takenOn ?? utcToday(now);
  if (day > latestWateringDate(now)) {
    const message = 'The day a photo was taken cannot be in the future.';
    throw new HttpError(400, 'invalid_input', message, { takenOn: message });
  }
  return day;
}

/** The rules of a plant's photos; the bytes' checks and rendering are photo-image.ts. */
export function createPhotosService(
  repository: () => PhotosRepository,
  clock: () => Date = () => new Date(),
  render = renderPhoto,
) {
  return {
    /** GET /mango/:id/photos: public, as the plant is. */
    async listPhotos(plantId: string): Promise<Photo[]> {
      if (!isPlausiblePlantId(plantId)) throw plantNotFound();
      const photos = await repository().listPhotos(plantId);
      if (!photos) throw plantNotFound();
      return photos;
    },

    /** The bytes of a rendition named by its file name (`full.webp`), or null when there is none. */
    async readRendition(plantId: string, photoId: string, file: string): Promise<Buffer | null> {
      const rendition = renditionOfFile(file);
      if (!rendition || !isPlausiblePlantId(plantId) || !isPlausiblePlantId(photoId)) return null;
      return repository().readRendition(plantId, photoId, rendition);
    },

    /**
     * POST /mango/:id/photos. The cheap refusals come first (the bytes' type and header, then the
     * plant, its owner and its room for one more, then the account's write budget), so nobody can
     * make the server decode photos it will not store; the commit checks the plant again, as it is
     * at the moment of writing, and spends the budget.
     */
    async uploadPhoto(
      viewer: Viewer,
      plantId: string,
      bytes: Buffer,
      contentType: string | undefined,
      query: UploadPhotoQuery,
    ): Promise<Photo> {
      const now = clock();
      const takenOn = takenOnDay(query, now);
      if (!isPlausiblePlantId(plantId)) throw plantNotFound();
      await inspectPhoto(bytes, contentType);
      const allowed = (current: PlantWithPhotos | null) => {
        assertOwner(current, viewer);
        assertRoomForPhoto(current);
      };
      allowed(await repository().getPlant(plantId));
      await repository().assertCanWrite(viewer.uid, now);
      const rendered = await render(bytes);
      return repository().addPhoto(
        viewer.uid,
        plantId,
        rendered,
        { caption: query.caption || null, takenOn },
        now,
        allowed,
      );
    },

    /** DELETE /mango/:id/photos/:photoId. @returns deletedCount, always 1: anything else is an error */
    async deletePhoto(viewer: Viewer, plantId: string, photoId: string): Promise<1> {
      if (!isPlausiblePlantId(plantId)) throw plantNotFound();
      if (!isPlausiblePlantId(photoId)) throw photoNotFound();
      await repository().deletePhoto(viewer.uid, plantId, photoId, clock(), (current, photoExists) => {
        assertOwner(current, viewer);
        if (!photoExists) throw photoNotFound();
      });
      return 1;
    },

    /** PUT /mango/:id/cover. @returns the plant as stored afterwards (the owner's view) */
    async setCover(viewer: Viewer, plantId: string, input: SetCoverInput): Promise<Plant> {
      if (!isPlausiblePlantId(plantId)) throw plantNotFound();
      if (!isPlausiblePlantId(input.photoId)) throw photoNotFound();
      return repository().setCover(viewer.uid, plantId, input.photoId, clock(), (current, photoExists) => {
        assertOwner(current, viewer);
        if (!photoExists) throw photoNotFound();
      });
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
