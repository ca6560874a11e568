import { randomBytes } from 'node:crypto';
import exifReader from 'exif-reader';
import type { Express } from 'express';
import sharp from 'sharp';
import request from 'supertest';
import { expect } from 'vitest';
import { ACCOUNTS_COLLECTION } from '../../src/accounts/accounts.repository';
import { getDb } from '../../src/lib/firebase';
import type { Photo } from '../../src/model';
import { BYTES_COLLECTION, PHOTOS_COLLECTION, PLANTS_COLLECTION } from '../../src/plants/plants.repository';
import type { TestUser } from '../../../scripts/lib/test-users.mjs';
import { bearer } from './users';

/*
 * Test images, made with sharp itself: no binary fixtures.
 */

/** A JPEG of one colour. */
export function aJpeg(width = 64, height = 48, background = '#3a7d44'): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** A PNG of one colour: compresses to a few kilobytes however many pixels it has. */
export function aPng(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#88aa55' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
}

const XMP = [
  '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>',
  '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
  '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:creator>Garden Tester</dc:creator></rdf:Description>',
  '</rdf:RDF></x:xmpmeta><?xpacket end="w"?>',
].join('');

/**
 * A photo as a phone held sideways stores it: `width` x `height` pixels as stored, EXIF orientation
 * 6 (shown turned 90 degrees clockwise, so `height` wide), its stored top half red and bottom half
 * blue (shown: left half blue, right half red). It carries where it was taken (GPS EXIF), an XMP
 * packet and a Display P3 colour profile, as phone photos do.
 */
export async function aSidewaysPhonePhoto(width: number, height: number): Promise<Buffer> {
  const red = await sharp({ create: { width, height: Math.floor(height / 2), channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
  return sharp({ create: { width, height, channels: 3, background: '#0000ff' } })
    .composite([{ input: red, top: 0, left: 0 }])
    .jpeg({ quality: 90 })
    .withMetadata({ orientation: 6 })
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'Garden Phone', Model: 'Sideways' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1', GPSLongitudeRef: 'E', GPSLongitude: '2/1 21/1 8/1' },
    })
    .withXmp(XMP)
    .toBuffer();
}

/**
 * A JPEG of random pixels (at quality 95): the hardest image to compress, so its renditions are as
 * large as a rendition gets. `grain` below 255 mixes noise into a smooth gradient instead, more like
 * a camera's photo.
 */
export async function aNoisyJpeg(width: number, height: number, grain = 255): Promise<Buffer> {
  const pixels = randomBytes(width * height * 3);
  if (grain < 255) {
    for (let i = 0; i < pixels.length; i += 1) {
      const x = Math.floor(i / 3) % width;
      pixels[i] = Math.min(255, Math.floor((x / width) * (255 - grain)) + Math.floor((pixels[i]! * grain) / 255));
    }
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();
}

/** The start of a HEIC file as an iPhone writes it (an `ftyp` box of brand heic), then filler. */
export const HEIC_LOOKING = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypheic', 'latin1'),
  Buffer.from([0, 0, 0, 0]),
  Buffer.from('mif1heic', 'latin1'),
  Buffer.alloc(2000),
]);

/** The image's EXIF, parsed, or undefined when it has none. */
export async function exifOf(image: Buffer): Promise<ReturnType<typeof exifReader> | undefined> {
  const { exif } = await sharp(image).metadata();
  return exif ? exifReader(exif) : undefined;
}

/** POST /mango/:id/photos with the bytes as the body. */
export function uploadPhoto(
  app: Express,
  user: Pick<TestUser, 'idToken'> | null,
  plantId: string,
  bytes: Buffer | string,
  type = 'image/jpeg',
  query: Record<string, string> = {},
) {
  const call = request(app).post(`/mango/${plantId}/photos`).query(query).set('Content-Type', type);
  return (user ? call.set(bearer(user)) : call).send(bytes);
}

/** Uploads and expects 201: the photo as answered. */
export async function addPhoto(
  app: Express,
  user: TestUser,
  plantId: string,
  bytes?: Buffer,
  query: Record<string, string> = {},
): Promise<Photo> {
  const response = await uploadPhoto(app, user, plantId, bytes ?? (await aJpeg()), 'image/jpeg', query);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return response.body as Photo;
}

/**
 * The path of every document stored under a plant's photos, read straight from Firestore: the
 * photos' metadata and every chunk of their bytes (also chunks whose metadata is gone).
 */
export async function storedPhotoDocuments(plantId: string): Promise<string[]> {
  const paths: string[] = [];
  for (const photo of await getDb()
    .collection(`${PLANTS_COLLECTION}/${plantId}/${PHOTOS_COLLECTION}`)
    .listDocuments()) {
    if ((await photo.get()).exists) paths.push(photo.path);
    for (const chunk of await photo.collection(BYTES_COLLECTION).listDocuments()) paths.push(chunk.path);
  }
  return paths.sort();
}

/** The account's stored document (its write budget and plant count). */
export async function storedAccount(uid: string): Promise<Record<string, unknown> | undefined> {
  return (await getDb().collection(ACCOUNTS_COLLECTION).doc(uid).get()).data();
}
