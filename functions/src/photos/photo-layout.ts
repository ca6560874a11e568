import type { CollectionReference, DocumentReference, DocumentSnapshot } from 'firebase-admin/firestore';

/*
 * Where a plant's photos live in Firestore (docs/photos.md):
 *
 *   plants/{plantId}                          photoCount, coverPhotoId (internal), image, cardUrl, thumbUrl
 *   plants/{plantId}/photos/{photoId}         the photo's metadata, with its chunk counts
 *   plants/{plantId}/photos/{photoId}/bytes/{full-0, full-1, ..., card-0, thumb-0}
 *                                             { file: 'full.webp', part: 0, data: Bytes }
 *
 * A rendition is split into chunks of at most CHUNK_BYTES, each its own document, so each stays
 * under Firestore's 1 MiB document limit. Serving a rendition is one query (`file ==`), and the
 * chunk counts in the metadata name every document of a photo, so a delete reads no bytes.
 * Everything of a photo is written in one commit with the plant, and every photo change also
 * changes the plant (its photoCount), so the plant's update-time precondition keeps a plant's
 * photos as they were read until the commit. The sub-collections' names are the plant store's
 * (PHOTOS_COLLECTION, BYTES_COLLECTION in plants.repository.ts, whose store gives their paths:
 * photosPathOf, photoBytesPathOf): they live under its plants.
 */

/**
 * The most bytes one chunk document holds: under the 1 MiB document limit with room for the
 * document's name and other fields.
 */
export const CHUNK_BYTES = 900 * 1024;

/** The renditions of a photo by name, each with the file name its URL ends with. */
export const RENDITION_FILES = { full: 'full.webp', card: 'card.webp', thumb: 'thumb.webp' } as const;
export type Rendition = keyof typeof RENDITION_FILES;
export const RENDITIONS = Object.keys(RENDITION_FILES) as Rendition[];

/** The fields of a photo's metadata that count its chunks, per rendition. */
export const CHUNK_COUNT_FIELDS: Record<Rendition, string> = {
  full: 'fullChunks',
  card: 'cardChunks',
  thumb: 'thumbChunks',
};

/** The rendition a URL's file name names, or undefined. */
export function renditionOfFile(file: string): Rendition | undefined {
  return RENDITIONS.find((rendition) => RENDITION_FILES[rendition] === file);
}

/** A rendition's URL: a path on this site, which Hosting rewrites to the API. */
export function photoUrl(plantId: string, photoId: string, rendition: Rendition): string {
  return `/mango/${plantId}/photos/${photoId}/${RENDITION_FILES[rendition]}`;
}

/** The id of a rendition's chunk document number `part`. */
export const chunkId = (rendition: Rendition, part: number) => `${rendition}-${part}`;

/** Bytes in chunks of at most CHUNK_BYTES (one empty chunk for no bytes). */
export function splitChunks(data: Buffer, size = CHUNK_BYTES): Buffer[] {
  const chunks: Buffer[] = [];
  for (let start = 0; start < data.length || chunks.length === 0; start += size)
    chunks.push(data.subarray(start, start + size));
  return chunks;
}

/** How many chunks each rendition of a stored photo has, from its metadata. */
function chunkCounts(photo: DocumentSnapshot): Record<Rendition, number> {
  const count = (rendition: Rendition) => {
    const value = photo.get(CHUNK_COUNT_FIELDS[rendition]) as unknown;
    return typeof value === 'number' && value > 0 ? value : 0;
  };
  return Object.fromEntries(RENDITIONS.map((rendition) => [rendition, count(rendition)])) as Record<Rendition, number>;
}

/** Every document of a stored photo: its metadata and each chunk of each rendition (in `bytes`). */
export function photoDocuments(photo: DocumentSnapshot, bytes: CollectionReference): DocumentReference[] {
  const counts = chunkCounts(photo);
  const chunks = RENDITIONS.flatMap((rendition) =>
    Array.from({ length: counts[rendition] }, (_, part) => bytes.doc(chunkId(rendition, part))),
  );
  return [photo.ref, ...chunks];
}
