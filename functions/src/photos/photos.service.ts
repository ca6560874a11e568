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
import { assertMayOnPlant, plantNotFound, type Caller, type MembershipReader } from '../access/household-access';
import { isPlausiblePlantId } from '../plants/plants.schemas';
import type { PlacesReader } from '../places/place-books.repository';
import { forViewer, needsMembership, noPlaces } from '../plants/plants.service';
import { inspectPhoto, renderPhoto } from './photo-image';
import { renditionOfFile } from './photo-layout';
import type { PhotosRepository, PlantWithPhotos } from './photos.repository';

const photoNotFound = () => new HttpError(404, 'not_found', 'That photo does not exist. It may have been deleted.');

/** Photos are added, changed and deleted by the plant's owner and its household's members (household-access.ts). */
function assertMayChangePhotos(
  current: PlantWithPhotos | null,
  viewer: Viewer,
  membership: Caller['membership'],
  now: Date,
): asserts current is PlantWithPhotos {
  assertMayOnPlant(current?.plant ?? null, { uid: viewer.uid, membership }, 'photo', now);
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
  membershipOf: MembershipReader = async () => null,
  /** What the cover's answer reads to say where the plant stands (the places room's books). */
  placesOf: PlacesReader = noPlaces,
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
      const allowed = (current: PlantWithPhotos | null, membership: Caller['membership']) => {
        assertMayChangePhotos(current, viewer, membership, now);
        assertRoomForPhoto(current);
      };
      const found = await repository().getPlant(plantId);
      const membership = found && needsMembership([found.plant], viewer) ? await membershipOf(viewer.uid) : null;
      allowed(found, () => membership);
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
      const now = clock();
      await repository().deletePhoto(viewer.uid, plantId, photoId, now, (current, photoExists, membership) => {
        assertMayChangePhotos(current, viewer, membership, now);
        if (!photoExists) throw photoNotFound();
      });
      return 1;
    },

    /** PUT /mango/:id/cover. @returns the plant as stored afterwards, as the caller may see it (forViewer) */
    async setCover(viewer: Viewer, plantId: string, input: SetCoverInput): Promise<Plant> {
      if (!isPlausiblePlantId(plantId)) throw plantNotFound();
      if (!isPlausiblePlantId(input.photoId)) throw photoNotFound();
      const now = clock();
      let membership: Caller['membership'] | undefined;
      const plant = await repository().setCover(
        viewer.uid,
        plantId,
        input.photoId,
        now,
        (current, photoExists, memberOf) => {
          membership = memberOf;
          assertMayChangePhotos(current, viewer, memberOf, now);
          if (!photoExists) throw photoNotFound();
        },
      );
      const read = needsMembership([plant], viewer) && membership ? membership() : null;
      return forViewer(plant, viewer, read, now, await placesOf(viewer, [plant], read, now));
    },
  };
}

export type PhotosService = ReturnType<typeof createPhotosService>;
