import { FieldValue, type DocumentSnapshot, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import type { AccountView, AccountsRepository } from '../accounts/accounts.repository';
import type { Membership } from '../access/household-access';
import { firestoreCall as call } from '../lib/firestore-call';
import { toIso } from '../lib/firestore-fields';
import { PHOTO_LIMITS, PLACEHOLDER_PLANT_IMAGE, hasOwnImage, type Photo, type Plant } from '../model';
import type { PlantsRepository, StoredPlantWithPhotos } from '../plants/plants.repository';
import type { RenderedPhoto } from './photo-image';
import {
  CHUNK_COUNT_FIELDS,
  RENDITIONS,
  RENDITION_FILES,
  chunkId,
  photoDocuments,
  photoUrl,
  splitChunks,
  type Rendition,
} from './photo-layout';

/** A plant as the photo rules see it: the plant, and how many photos it keeps. */
export interface PlantWithPhotos {
  plant: Plant;
  photoCount: number;
}

/** Decides on a change of a photo, and may refuse it (throws): sees the plant (null when missing) and whether the photo exists. */
type PhotoDecision = (
  current: PlantWithPhotos | null,
  photoExists: boolean,
  membership: () => Membership | null,
) => void;

/** What an upload stores besides its renditions. */
export interface NewPhoto {
  caption: string | null;
  takenOn: string;
}

/** The plant fields that name its cover. `coverPhotoId` and `photoCount` never leave the server (INTERNAL_FIELDS). */
interface CoverFields {
  image: string;
  cardUrl: string | FieldValue;
  thumbUrl: string | FieldValue;
  coverPhotoId: string | FieldValue;
}

/** A photo's metadata document as the API answers it. */
function toPhoto(plantId: string, snapshot: DocumentSnapshot): Photo {
  const data = snapshot.data() ?? {};
  return {
    _id: snapshot.id,
    url: photoUrl(plantId, snapshot.id, 'full'),
    cardUrl: photoUrl(plantId, snapshot.id, 'card'),
    thumbUrl: photoUrl(plantId, snapshot.id, 'thumb'),
    width: Number(data.width ?? 0),
    height: Number(data.height ?? 0),
    caption: typeof data.caption === 'string' && data.caption !== '' ? data.caption : null,
    takenOn: String(data.takenOn ?? ''),
    createdAt: toIso(data.createdAt),
  };
}

/** The cover fields of a plant whose cover is `photo`, or that has none left (the placeholder). */
function coverOf(photo: Photo | undefined): CoverFields {
  if (!photo)
    return {
      image: PLACEHOLDER_PLANT_IMAGE,
      cardUrl: FieldValue.delete(),
      thumbUrl: FieldValue.delete(),
      coverPhotoId: FieldValue.delete(),
    };
  return { image: photo.url, cardUrl: photo.cardUrl, thumbUrl: photo.thumbUrl, coverPhotoId: photo._id };
}

/** The plant as it reads after `photo` became its cover. */
function withCover(plant: Plant, photo: Photo, now: Date): Plant {
  return { ...plant, image: photo.url, cardUrl: photo.cardUrl, thumbUrl: photo.thumbUrl, updatedAt: now.toISOString() };
}

/**
 * A plant's photos in Firestore (layout: photo-layout.ts). Every change is one write of the owner's
 * account (AccountsRepository.write): the budget, and one atomic commit with the plant, made only
 * if the plant is unchanged since it was read.
 */
export function createPhotosRepository(db: Firestore, accounts: AccountsRepository, store: PlantsRepository) {
  // The photos and their bytes are this room's, kept under each plant's path.
  const photosOf = (plantId: string) => db.collection(store.photosPathOf(plantId));
  const bytesOf = (plantId: string, photoId: string) => db.collection(store.photoBytesPathOf(plantId, photoId));
  const withPhotos = (stored: StoredPlantWithPhotos | null): PlantWithPhotos | null =>
    stored && { plant: stored.plant, photoCount: stored.photoCount };
  /** Newest first: by the day taken, then by upload (composite index: takenOn, createdAt, both descending). */
  const newestFirst = (plantId: string) => photosOf(plantId).orderBy('takenOn', 'desc').orderBy('createdAt', 'desc');

  const readChunks = async (plantId: string, photoId: string, rendition: Rendition): Promise<Buffer | null> => {
    const chunks = await call(bytesOf(plantId, photoId).where('file', '==', RENDITION_FILES[rendition]).get());
    if (chunks.empty) return null;
    const parts = chunks.docs.map((doc) => ({ part: Number(doc.get('part')), data: doc.get('data') as Buffer }));
    parts.sort((a, b) => a.part - b.part);
    return Buffer.concat(parts.map(({ data }) => data));
  };

  /** The plant and one of its photos, read for a change of the photo once `decide` allows it. */
  async function readDecided(plantId: string, photoId: string, decide: PhotoDecision, account: AccountView) {
    const [{ plants }, photo] = await Promise.all([store.readStored([plantId]), photosOf(plantId).doc(photoId).get()]);
    const [plant] = plants;
    const current = withPhotos(plant!);
    decide(current, photo.exists, account.membership);
    if (!plant || !current || !photo.exists) throw new Error('decide must refuse a missing plant or photo');
    return { plant, current, photo };
  }

  return {
    /**
     * Whether a plant has this photo, for another room's write that names it (a note's photo), read
     * as that write's other reads are: not counted against the request.
     */
    photoExists: async (plantId: string, photoId: string) => (await photosOf(plantId).doc(photoId).get()).exists,

    /** Refuses (429) an upload the account's write budget has no room for, before it is decoded. */
    assertCanWrite: (uid: string, now: Date) => accounts.assertCanWrite(uid, now),

    /** The plant and its photo count, or null when there is no such plant. */
    async getPlant(plantId: string): Promise<PlantWithPhotos | null> {
      return withPhotos(await store.getStored(plantId));
    },

    /** The plant's photos, newest first (all of them: at most PHOTO_LIMITS.perPlant), or null when there is no such plant. */
    async listPhotos(plantId: string): Promise<Photo[] | null> {
      const [plant, photos] = await Promise.all([
        store.getStored(plantId),
        call(newestFirst(plantId).limit(PHOTO_LIMITS.perPlant).get()),
      ]);
      if (!plant) return null;
      return photos.docs.map((doc) => toPhoto(plantId, doc));
    },

    /**
     * A rendition's bytes, from one query of its chunks, or null when the photo does not exist. A
     * photo stored before the card size existed has none: its card is its full size. The plant is
     * read beside them: a deleted plant's photos are deleted after it (plants/plant-purge.service.ts)
     * and are never served meanwhile.
     */
    async readRendition(plantId: string, photoId: string, rendition: Rendition): Promise<Buffer | null> {
      const [plant, bytes] = await Promise.all([
        store.getStored(plantId),
        (async () =>
          (await readChunks(plantId, photoId, rendition)) ??
          (rendition === 'card' ? readChunks(plantId, photoId, 'full') : null))(),
      ]);
      return plant ? bytes : null;
    },

    /**
     * Stores a rendered photo: its metadata, its chunks, and the plant's photo count, with the
     * plant's cover when the plant has no image of its own and no cover yet. `authorize` sees the
     * plant as stored (null when missing) and may refuse; nothing is stored then.
     */
    async addPhoto(
      uid: string,
      plantId: string,
      rendered: RenderedPhoto,
      photo: NewPhoto,
      now: Date,
      authorize: (current: PlantWithPhotos | null, membership: () => Membership | null) => void,
    ): Promise<Photo> {
      const ref = photosOf(plantId).doc();
      const stored: Photo = {
        _id: ref.id,
        url: photoUrl(plantId, ref.id, 'full'),
        cardUrl: photoUrl(plantId, ref.id, 'card'),
        thumbUrl: photoUrl(plantId, ref.id, 'thumb'),
        width: rendered.full.width,
        height: rendered.full.height,
        caption: photo.caption,
        takenOn: photo.takenOn,
        createdAt: now.toISOString(),
      };
      const chunks = Object.fromEntries(
        RENDITIONS.map((rendition) => [rendition, splitChunks(rendered[rendition].data)]),
      ) as Record<Rendition, Buffer[]>;
      return accounts.write(uid, now, async (account) => {
        const {
          plants: [plant],
        } = await store.readStored([plantId]);
        const current = withPhotos(plant!);
        authorize(current, account.membership);
        if (!plant || !current) throw new Error('authorize must refuse a missing plant');
        const takesCover = !plant.coverPhotoId && !hasOwnImage(current.plant.image);
        return {
          result: stored,
          write: (batch: WriteBatch) => {
            batch.create(ref, {
              caption: photo.caption,
              takenOn: photo.takenOn,
              createdAt: now,
              width: rendered.full.width,
              height: rendered.full.height,
              cardWidth: rendered.card.width,
              cardHeight: rendered.card.height,
              thumbWidth: rendered.thumb.width,
              thumbHeight: rendered.thumb.height,
              fullBytes: rendered.full.data.length,
              cardBytes: rendered.card.data.length,
              thumbBytes: rendered.thumb.data.length,
              ...Object.fromEntries(
                RENDITIONS.map((rendition) => [CHUNK_COUNT_FIELDS[rendition], chunks[rendition].length]),
              ),
            });
            for (const rendition of RENDITIONS) {
              chunks[rendition].forEach((data, part) => {
                batch.create(bytesOf(plantId, ref.id).doc(chunkId(rendition, part)), {
                  file: RENDITION_FILES[rendition],
                  part,
                  data,
                });
              });
            }
            const cover = takesCover ? { ...coverOf(stored) } : undefined;
            store.writePhotos(batch, plantId, plant, { photoCount: current.photoCount + 1, cover }, now);
          },
        };
      });
    },

    /**
     * Deletes a photo (its metadata and every chunk) and counts it off the plant; when it was the
     * cover, the newest remaining photo becomes the cover, or the placeholder when none is left.
     */
    async deletePhoto(uid: string, plantId: string, photoId: string, now: Date, decide: PhotoDecision): Promise<void> {
      await accounts.write(uid, now, async (account) => {
        const { plant, current, photo } = await readDecided(plantId, photoId, decide, account);
        const wasCover = plant.coverPhotoId === photoId;
        const next = wasCover
          ? (await newestFirst(plantId).limit(2).get()).docs.find((doc) => doc.id !== photoId)
          : undefined;
        return {
          result: undefined,
          write: (batch: WriteBatch) => {
            for (const ref of photoDocuments(photo!, bytesOf(plantId, photoId))) batch.delete(ref);
            const cover = wasCover ? { ...coverOf(next && toPhoto(plantId, next)) } : undefined;
            store.writePhotos(batch, plantId, plant, { photoCount: Math.max(0, current.photoCount - 1), cover }, now);
          },
        };
      });
    },

    /**
     * Makes one of the plant's photos its cover. Stores (and spends) nothing when it is the cover already.
     * @returns the plant as stored afterwards
     */
    async setCover(uid: string, plantId: string, photoId: string, now: Date, decide: PhotoDecision): Promise<Plant> {
      return accounts.write(uid, now, async (account) => {
        const { plant, current, photo } = await readDecided(plantId, photoId, decide, account);
        if (plant.coverPhotoId === photoId) return { result: current.plant };
        const cover = toPhoto(plantId, photo);
        return {
          result: withCover(current.plant, cover, now),
          write: (batch: WriteBatch) => store.writePhotos(batch, plantId, plant, { cover: { ...coverOf(cover) } }, now),
        };
      });
    },
  };
}

export type PhotosRepository = ReturnType<typeof createPhotosRepository>;
