import express, { type Express } from 'express';
import { FieldValue } from 'firebase-admin/firestore';
import Papa from 'papaparse';
import sharp from 'sharp';
import request from 'supertest';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../src/config/limits';
import { getDb } from '../src/lib/firebase';
import { PUBLIC_CACHE } from '../src/lib/http-cache';
import { PHOTO_LIMITS, PLACEHOLDER_PLANT_IMAGE, type Photo, type Plant } from '../src/model';
import { renderPhoto } from '../src/photos/photo-image';
import { BYTES_COLLECTION, PHOTOS_COLLECTION, PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { FUNCTION_URL, HOSTING_URL } from './support/emulators';
import {
  HEIC_LOOKING,
  aJpeg,
  aNoisyJpeg,
  aPng,
  aSidewaysPhonePhoto,
  addPhoto,
  exifOf,
  storedAccount,
  storedPhotoDocuments,
  uploadPhoto,
} from './support/photos';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant, untilPurged } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();
/**
 * What the spec promises for an image, written out rather than imported from the router, so a change
 * of the router's header fails here.
 */
const IMAGE_CACHE = 'public, max-age=3600';

/** GET of a path, as a visitor or with a user's token. */
function get(path: string, user?: TestUser, on: Express = app) {
  const call = request(on).get(path);
  return user ? call.set(bearer(user)) : call;
}

/** An image answered by the API, as bytes (supertest leaves image bodies unparsed otherwise). */
function getImage(path: string) {
  return request(app)
    .get(path)
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks)));
    });
}

/** What the pixel at (x, y) of an image is, as [r, g, b]. */
async function pixelAt(image: Buffer, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(image).raw().toBuffer({ resolveWithObject: true });
  const start = (y * info.width + x) * info.channels;
  return Array.from(data.subarray(start, start + 3));
}

const near = (actual: number[], expected: number[]) => actual.every((value, i) => Math.abs(value - expected[i]!) <= 24);

/** A plant of its own that shows the placeholder, as the dashboard's Add Item stores it. */
const placeholderPlant = (overrides: Record<string, unknown> = {}) =>
  aPlant({ image: PLACEHOLDER_PLANT_IMAGE, ...overrides });

/** Nothing of any photo is stored for the plant, and its owner's account is as it was with `tokens` left. */
async function expectNothingStored(plantId: string, uid: string, tokens: number): Promise<void> {
  expect(await storedPhotoDocuments(plantId)).toEqual([]);
  expect((await storedPlant(plantId))?.photoCount).toBeUndefined();
  expect((await storedAccount(uid))?.tokens).toBe(tokens);
}

/** The plant keeps `photos` photos, four documents each (metadata, full, card, thumb), and nothing else. */
async function expectPhotosStored(plantId: string, photos: number): Promise<void> {
  expect(await storedPhotoDocuments(plantId)).toHaveLength(photos * 4);
  expect((await storedPlant(plantId))?.photoCount).toBe(photos);
}

describe('POST /mango/:id/photos', () => {
  it('stores a sideways phone photo upright, at most 1600 px with 800 px and 400 px sizes, and serves each without EXIF, GPS, XMP or ICC', async () => {
    const owner = await createTestUser('Photographer');
    const id = await createPlantAs(app, owner, aPlant({ plantName: 'Sideways Fern' }));
    const input = await aSidewaysPhonePhoto(2400, 1800);
    // The upload really carries what must not come out.
    const sent = await sharp(input).metadata();
    expect(sent).toMatchObject({ width: 2400, height: 1800, orientation: 6 });
    expect(sent.xmp).toBeDefined();
    expect(sent.icc).toBeDefined();
    expect((await exifOf(input))?.GPSInfo).toMatchObject({ GPSLatitudeRef: 'N', GPSLatitude: [48, 51, 24] });

    const response = await uploadPhoto(app, owner, id, input, 'image/jpeg', {
      caption: 'A new frond',
      takenOn: '2026-03-05',
    }).expect(201);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const photo = response.body as Photo;
    expect(photo).toEqual({
      _id: expect.stringMatching(/^[A-Za-z0-9]{20}$/),
      url: `/mango/${id}/photos/${photo._id}/full.webp`,
      cardUrl: `/mango/${id}/photos/${photo._id}/card.webp`,
      thumbUrl: `/mango/${id}/photos/${photo._id}/thumb.webp`,
      // Upright: shown 1800 x 2400, so 1200 x 1600 at most 1600 px on the long edge.
      width: 1200,
      height: 1600,
      caption: 'A new frond',
      takenOn: '2026-03-05',
      createdAt: expect.any(String),
    });

    for (const [path, width, height] of [
      [photo.url, 1200, 1600],
      [photo.cardUrl, 600, 800],
      [photo.thumbUrl, 300, 400],
    ] as const) {
      const served = await getImage(path).expect(200);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe(IMAGE_CACHE);
      const image = served.body as Buffer;
      const metadata = await sharp(image).metadata();
      expect(metadata).toMatchObject({ format: 'webp', width, height });
      expect(metadata.orientation, path).toBeUndefined();
      expect(metadata.exif, path).toBeUndefined();
      expect(metadata.xmp, path).toBeUndefined();
      expect(metadata.icc, path).toBeUndefined();
      // The stored top half (red) is on the right once turned upright, the bottom half (blue) on the left.
      expect(near(await pixelAt(image, width - 5, height / 2), [255, 0, 0]), `${path} right`).toBe(true);
      expect(near(await pixelAt(image, 5, height / 2), [0, 0, 255]), `${path} left`).toBe(true);
    }
    // One chunk per rendition here: serving the thumbnail reads one document, and the plant beside it.
    expect((await getImage(photo.thumbUrl)).headers['x-firestore-reads']).toBe('documents=2, aggregations=0');
  });

  it("takes the caption and the day the photo was taken from the query: none is null and the server's UTC day, at most a day ahead", async () => {
    const clocked = testApp.withClock(() => new Date('2026-05-10T23:30:00.000Z'));
    const owner = await createTestUser('Dated Photographer');
    const id = await createPlantAs(clocked, owner);

    const plain = await addPhoto(clocked, owner, id);
    expect(plain).toMatchObject({ caption: null, takenOn: '2026-05-10', createdAt: '2026-05-10T23:30:00.000Z' });
    const blank = await addPhoto(clocked, owner, id, await aJpeg(), { caption: '   ' });
    expect(blank.caption).toBeNull();
    // A user east of UTC may already be on the next day.
    expect((await addPhoto(clocked, owner, id, await aJpeg(), { takenOn: '2026-05-11' })).takenOn).toBe('2026-05-11');

    const future = await uploadPhoto(clocked, owner, id, await aJpeg(), 'image/jpeg', { takenOn: '2026-05-12' }).expect(
      400,
    );
    expect(future.body).toEqual({
      error: {
        code: 'invalid_input',
        message: 'The day a photo was taken cannot be in the future.',
        fields: { takenOn: 'The day a photo was taken cannot be in the future.' },
      },
    });
    expect((await storedPlant(id))?.photoCount).toBe(3);
  });

  it('refuses other query parameters, a caption over 200 characters and a malformed date with 400, storing nothing', async () => {
    const owner = await createTestUser('Chatty Photographer');
    const id = await createPlantAs(app, owner);
    const jpeg = await aJpeg();
    const cases: [Record<string, string>, string][] = [
      [{ title: 'Fern' }, 'A photo upload takes only these parameters: caption, takenOn.'],
      [{ caption: 'x'.repeat(PHOTO_LIMITS.caption + 1) }, 'caption must be at most 200 characters.'],
      [{ takenOn: '2026-02-30' }, 'takenOn must be a real date written YYYY-MM-DD.'],
    ];
    for (const [query, message] of cases) {
      const response = await uploadPhoto(app, owner, id, jpeg, 'image/jpeg', query).expect(400);
      expect(response.body.error).toMatchObject({ code: 'invalid_input', message });
    }
    expect((await addPhoto(app, owner, id, jpeg, { caption: 'x'.repeat(PHOTO_LIMITS.caption) })).caption).toHaveLength(
      PHOTO_LIMITS.caption,
    );
    await expectPhotosStored(id, 1);
  });

  it('refuses bytes that are not a JPEG, PNG or WebP image with 415, and HEIC with how to send JPEG; nothing is stored', async () => {
    const owner = await createTestUser('Confused Photographer');
    const id = await createPlantAs(app, owner, placeholderPlant());
    const tokens = (await storedAccount(owner.uid))?.tokens as number;

    const text = await uploadPhoto(app, owner, id, 'just some words', 'text/plain').expect(415);
    expect(text.body).toEqual({
      error: {
        code: 'unsupported_media_type',
        message: 'Send the photo as its bytes, with the header Content-Type: image/jpeg, image/png or image/webp.',
      },
    });
    const notAnImage = {
      error: {
        code: 'unsupported_media_type',
        message: 'That file is not a JPEG, PNG or WebP image. Choose a photo in one of those formats.',
      },
    };
    expect((await uploadPhoto(app, owner, id, Buffer.from('just some words'), 'image/jpeg').expect(415)).body).toEqual(
      notAnImage,
    );
    // libvips reads SVG, GIF and TIFF too: only the three formats' signatures reach it.
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    expect((await uploadPhoto(app, owner, id, svg, 'image/png').expect(415)).body).toEqual(notAnImage);
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    expect((await uploadPhoto(app, owner, id, gif, 'image/png').expect(415)).body).toEqual(notAnImage);
    // A JPEG cut short after its first bytes.
    expect((await uploadPhoto(app, owner, id, (await aJpeg()).subarray(0, 40), 'image/jpeg').expect(415)).body).toEqual(
      notAnImage,
    );

    // HEIC, by its bytes (sent as a JPEG) and by its Content-Type.
    for (const [bytes, type] of [
      [HEIC_LOOKING, 'image/jpeg'],
      [HEIC_LOOKING, 'image/heic'],
      [await aJpeg(), 'image/heif'],
    ] as const) {
      const heic = await uploadPhoto(app, owner, id, bytes, type).expect(415);
      expect(heic.body.error.code).toBe('unsupported_media_type');
      expect(heic.body.error.message).toMatch(/HEIC.*browsers cannot show.*Send it as JPEG/);
    }
    await expectNothingStored(id, owner.uid, tokens);
    expect((await storedPlant(id))?.image).toBe(PLACEHOLDER_PLANT_IMAGE);
  });

  it('refuses more than 10 MB and more than 40 megapixels with 413; nothing is stored', async () => {
    const owner = await createTestUser('Hoarding Photographer');
    const id = await createPlantAs(app, owner);
    const tokens = (await storedAccount(owner.uid))?.tokens as number;

    const huge = Buffer.concat([await aJpeg(), Buffer.alloc(PHOTO_LIMITS.bytes)]);
    const tooLarge = await uploadPhoto(app, owner, id, huge).expect(413);
    expect(tooLarge.body).toEqual({
      error: { code: 'payload_too_large', message: 'The photo is too large: a photo may be at most 10 MB.' },
    });

    // 7000 x 6000 of one colour: 42 megapixels in a few kilobytes, refused from its header.
    const big = await aPng(7000, 6000);
    expect(big.length).toBeLessThan(PHOTO_LIMITS.bytes);
    const tooManyPixels = await uploadPhoto(app, owner, id, big, 'image/png').expect(413);
    expect(tooManyPixels.body).toEqual({
      error: {
        code: 'payload_too_large',
        message:
          'This photo has 42.0 megapixels; a photo may have at most 40 megapixels. Make it smaller and try again.',
      },
    });
    await expectNothingStored(id, owner.uid, tokens);
  });

  it('answers a visitor 401, someone else 403 and an unknown plant 404; nothing is stored', async () => {
    const owner = await createTestUser('Owner');
    const stranger = await createTestUser('Stranger');
    const id = await createPlantAs(app, owner, placeholderPlant());
    const tokens = (await storedAccount(owner.uid))?.tokens as number;
    const jpeg = await aJpeg();

    const visitor = await uploadPhoto(app, null, id, jpeg).expect(401);
    expect(visitor.body.error).toEqual({ code: 'unauthenticated', message: 'Please sign in to do that.' });
    const someoneElse = await uploadPhoto(app, stranger, id, jpeg).expect(403);
    expect(someoneElse.body.error).toEqual({
      code: 'forbidden',
      message: "Only its owner's household may add, change or delete this plant's photos.",
    });
    for (const unknown of ['aaaaaaaaaaaaaaaaaaaa', '__bad__', 'x'.repeat(200)]) {
      const missing = await uploadPhoto(app, owner, unknown, jpeg).expect(404);
      expect(missing.body.error).toEqual({
        code: 'not_found',
        message: 'That plant does not exist. It may have been deleted.',
      });
    }
    await expectNothingStored(id, owner.uid, tokens);
    expect(await storedAccount(stranger.uid)).toBeUndefined();
  });

  it(`keeps at most ${PHOTO_LIMITS.perPlant} photos on a plant: the next is 403 quota_exceeded, storing nothing, and a delete makes room`, async () => {
    const owner = await createTestUser('Prolific Photographer');
    const id = await createPlantAs(app, owner);
    const jpeg = await aJpeg(32, 24);
    const photos: Photo[] = [];
    for (let i = 0; i < PHOTO_LIMITS.perPlant; i += 1) photos.push(await addPhoto(app, owner, id, jpeg));
    const tokens = (await storedAccount(owner.uid))?.tokens as number;

    const refused = await uploadPhoto(app, owner, id, jpeg).expect(403);
    expect(refused.body.error).toEqual({
      code: 'quota_exceeded',
      message: 'This plant already has 20 photos, the most one plant can keep. Delete a photo to add another.',
    });
    expect((await get(`/mango/${id}/photos`).expect(200)).body.photos).toHaveLength(PHOTO_LIMITS.perPlant);
    expect(await storedPhotoDocuments(id)).toHaveLength(PHOTO_LIMITS.perPlant * 4);
    expect((await storedPlant(id))?.photoCount).toBe(PHOTO_LIMITS.perPlant);
    expect((await storedAccount(owner.uid))?.tokens).toBe(tokens);

    await request(app).delete(`/mango/${id}/photos/${photos[0]!._id}`).set(bearer(owner)).expect(200);
    await addPhoto(app, owner, id, jpeg);
    expect((await storedPlant(id))?.photoCount).toBe(PHOTO_LIMITS.perPlant);
  });

  it('spends one write of the budget; with none left it answers 429 before decoding and stores nothing', async () => {
    // The real decoder, watched: the refused upload must never reach it.
    const decoder = vi.fn(renderPhoto);
    const tight = testApp({ limits: { ...DEFAULT_LIMITS, writeBurst: 2, writesPerMinute: 1 }, renderPhoto: decoder });
    const owner = await createTestUser('Hasty Photographer');
    const id = await createPlantAs(tight, owner, placeholderPlant());
    const first = await addPhoto(tight, owner, id);
    expect((await storedAccount(owner.uid))?.tokens).toBeLessThan(1);

    expect(decoder).toHaveBeenCalledTimes(1);
    decoder.mockClear();
    const refused = await uploadPhoto(tight, owner, id, await aJpeg()).expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.headers['retry-after']).toMatch(/^\d+$/);
    expect(decoder, 'the photo was not decoded').not.toHaveBeenCalled();
    expect(await storedPhotoDocuments(id)).toEqual(
      ['', '/bytes/card-0', '/bytes/full-0', '/bytes/thumb-0'].map(
        (suffix) => `plants/${id}/photos/${first._id}${suffix}`,
      ),
    );
    expect((await storedPlant(id))?.photoCount).toBe(1);
  });

  it('stores a rendition larger than one document in chunks and serves it whole, from one query', async () => {
    const owner = await createTestUser('Grainy Photographer');
    const id = await createPlantAs(app, owner);
    // Random pixels: the largest a 1600 x 1600 rendition gets.
    const photo = await addPhoto(app, owner, id, await aNoisyJpeg(1600, 1600));
    expect(await storedPhotoDocuments(id)).toEqual(
      ['', '/bytes/card-0', '/bytes/full-0', '/bytes/full-1', '/bytes/thumb-0'].map(
        (suffix) => `plants/${id}/photos/${photo._id}${suffix}`,
      ),
    );
    const served = await getImage(photo.url).expect(200);
    const image = served.body as Buffer;
    expect(image.length).toBeGreaterThan(900 * 1024);
    expect(await sharp(image).metadata()).toMatchObject({ format: 'webp', width: 1600, height: 1600 });
    // Decodes to the end: the chunks came back whole and in order.
    expect((await sharp(image).stats()).channels).toHaveLength(3);
    // Its two chunks, and the plant.
    expect(served.headers['x-firestore-reads']).toBe('documents=3, aggregations=0');
  });

  it('serves the full size at cardUrl for a photo stored before the card size existed, and deletes it whole', async () => {
    const owner = await createTestUser('Early Photographer');
    const id = await createPlantAs(app, owner);
    const photo = await addPhoto(app, owner, id);
    // As such a photo was stored: no card chunk, and no count of them.
    const stored = getDb().doc(`${PLANTS_COLLECTION}/${id}/${PHOTOS_COLLECTION}/${photo._id}`);
    await stored.collection(BYTES_COLLECTION).doc('card-0').delete();
    await stored.update({ cardChunks: FieldValue.delete(), cardBytes: FieldValue.delete() });

    const card = await getImage(photo.cardUrl).expect(200);
    expect(card.headers['cache-control']).toBe(IMAGE_CACHE);
    expect(card.body).toEqual((await getImage(photo.url).expect(200)).body);
    expect(card.headers['x-firestore-reads']).toBe('documents=2, aggregations=0');

    await request(app).delete(`/mango/${id}/photos/${photo._id}`).set(bearer(owner)).expect(200);
    expect(await storedPhotoDocuments(id)).toEqual([]);
    await getImage(photo.cardUrl).expect(404);
  });
});

describe('GET /mango/:id/photos', () => {
  it('lists the photos newest first (by the day taken, then by upload), public for visitors and private with a token', async () => {
    const owner = await createTestUser('Archivist');
    const id = await createPlantAs(app, owner);
    const march = await addPhoto(app, owner, id, await aJpeg(), { takenOn: '2026-03-01' });
    const may = await addPhoto(app, owner, id, await aJpeg(), { takenOn: '2026-05-01' });
    const marchLater = await addPhoto(app, owner, id, await aJpeg(), {
      takenOn: '2026-03-01',
      caption: 'Later that day',
    });

    const visitor = await get(`/mango/${id}/photos`).expect(200);
    expect(visitor.body).toEqual({ photos: [may, marchLater, march] });
    expect(visitor.headers['cache-control']).toBe(PUBLIC_CACHE);
    expect(visitor.headers.etag).toMatch(/^"[\w-]+"$/);
    const signedIn = await get(`/mango/${id}/photos`, owner).expect(200);
    expect(signedIn.body).toEqual(visitor.body);
    expect(signedIn.headers['cache-control']).toBe('private, no-store');

    const empty = await createPlantAs(app, owner);
    expect((await get(`/mango/${empty}/photos`).expect(200)).body).toEqual({ photos: [] });
    const unknown = await get('/mango/aaaaaaaaaaaaaaaaaaaa/photos').expect(404);
    expect(unknown.headers['cache-control']).toBe('no-store');
  });
});

describe('covers', () => {
  it('a plant without an image of its own takes its first photo as cover, shown with its cardUrl and thumbUrl wherever plants are listed or shown', async () => {
    const owner = await createTestUser('Cover Gardener');
    // Due later than any other test's plants, so they lead the paged view by next watering (a
    // search would scan the emulator's every plant).
    const late = { nextWateringDate: '2099-12-31' };
    const bare = await createPlantAs(app, owner, aPlant({ plantName: 'Bare Cover', image: '', ...late }));
    const placeholder = await createPlantAs(app, owner, placeholderPlant({ plantName: 'Placeholder Cover', ...late }));
    const own = await createPlantAs(
      app,
      owner,
      aPlant({ plantName: 'Own Cover', image: 'https://example.com/own.jpg', ...late }),
    );
    expect((await storedPlant(bare))?.image).toBeUndefined();

    const bareFirst = await addPhoto(app, owner, bare);
    const placeholderFirst = await addPhoto(app, owner, placeholder);
    await addPhoto(app, owner, own);
    // A second photo leaves the cover as it is.
    await addPhoto(app, owner, bare);

    const expected: Record<string, { image: string; cardUrl?: string; thumbUrl?: string }> = {
      [bare]: { image: bareFirst.url, cardUrl: bareFirst.cardUrl, thumbUrl: bareFirst.thumbUrl },
      [placeholder]: {
        image: placeholderFirst.url,
        cardUrl: placeholderFirst.cardUrl,
        thumbUrl: placeholderFirst.thumbUrl,
      },
      [own]: { image: 'https://example.com/own.jpg' },
    };
    const covers = (plants: Plant[]) =>
      Object.fromEntries(
        plants
          .filter((plant) => plant._id in expected)
          .map((plant) => [
            plant._id,
            {
              image: plant.image,
              ...(plant.cardUrl ? { cardUrl: plant.cardUrl } : {}),
              ...(plant.thumbUrl ? { thumbUrl: plant.thumbUrl } : {}),
            },
          ]),
      );

    for (const user of [undefined, owner]) {
      for (const plantId of Object.keys(expected)) {
        const plant = (await get(`/mango/${plantId}`, user).expect(200)).body as Plant;
        expect({ image: plant.image, cardUrl: plant.cardUrl, thumbUrl: plant.thumbUrl }).toEqual({
          cardUrl: undefined,
          thumbUrl: undefined,
          ...expected[plantId],
        });
        // The internal bookkeeping never leaves the server.
        expect(plant).not.toHaveProperty('coverPhotoId');
        expect(plant).not.toHaveProperty('photoCount');
      }
      expect(covers((await get('/mango?limit=100', user).expect(200)).body as Plant[])).toEqual(expected);
      expect(
        covers((await get('/mango?sort=nextWateringDate&dir=desc&limit=10', user).expect(200)).body.plants as Plant[]),
      ).toEqual(expected);
    }
    expect(
      covers((await get(`/mango?email=${encodeURIComponent(owner.email)}`, owner).expect(200)).body as Plant[]),
    ).toEqual(expected);
    expect(
      covers(
        (await get(`/mango?email=${encodeURIComponent(owner.email)}&sort=plantName`, owner).expect(200)).body
          .plants as Plant[],
      ),
    ).toEqual(expected);
    expect(covers((await get('/mango/export?format=json', owner).expect(200)).body.plants as Plant[])).toEqual(
      expected,
    );
    // In the CSV, the cover's thumbnail is the thumbUrl column (read by name: the care tasks' columns come after it).
    const csv = (await get('/mango/export?format=csv', owner).expect(200)).text;
    const table = Papa.parse<Record<string, string>>(csv, { header: true }).data;
    const rowOf = (plantId: string) => table.find((row) => row._id === plantId);
    expect(rowOf(bare)).toMatchObject({ image: bareFirst.url, thumbUrl: bareFirst.thumbUrl });
    expect(rowOf(own)).toMatchObject({ image: 'https://example.com/own.jpg', thumbUrl: '' });
  });

  it('PUT /mango/:id/cover makes a photo the cover; deleting the cover falls back to the newest remaining photo, then to the placeholder', async () => {
    const owner = await createTestUser('Curator');
    const id = await createPlantAs(app, owner, aPlant({ image: 'https://example.com/own.jpg' }));
    const a = await addPhoto(app, owner, id, await aJpeg(), { takenOn: '2026-03-01' });
    const b = await addPhoto(app, owner, id, await aJpeg(), { takenOn: '2026-03-03' });
    const c = await addPhoto(app, owner, id, await aJpeg(), { takenOn: '2026-03-02' });
    expect((await get(`/mango/${id}`).expect(200)).body.image).toBe('https://example.com/own.jpg');

    const response = await request(app)
      .put(`/mango/${id}/cover`)
      .set(bearer(owner))
      .send({ photoId: a._id })
      .expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const plant = response.body as Plant;
    expect(plant).toMatchObject({
      _id: id,
      image: a.url,
      cardUrl: a.cardUrl,
      thumbUrl: a.thumbUrl,
      userEmail: owner.email,
      ownerUid: owner.uid,
    });
    expect(plant).not.toHaveProperty('coverPhotoId');
    expect((await get(`/mango/${id}`, owner).expect(200)).body).toEqual(plant);

    // The cover again: nothing to store, nothing spent.
    const tokens = (await storedAccount(owner.uid))?.tokens as number;
    expect(
      (await request(app).put(`/mango/${id}/cover`).set(bearer(owner)).send({ photoId: a._id }).expect(200)).body,
    ).toEqual(plant);
    expect((await storedAccount(owner.uid))?.tokens).toBe(tokens);

    const coverOf = async () => {
      const { image, cardUrl, thumbUrl } = (await get(`/mango/${id}`).expect(200)).body as Plant;
      return { image, cardUrl, thumbUrl };
    };
    await request(app).delete(`/mango/${id}/photos/${a._id}`).set(bearer(owner)).expect(200);
    expect(await coverOf()).toEqual({ image: b.url, cardUrl: b.cardUrl, thumbUrl: b.thumbUrl });
    await request(app).delete(`/mango/${id}/photos/${c._id}`).set(bearer(owner)).expect(200);
    expect(await coverOf()).toEqual({ image: b.url, cardUrl: b.cardUrl, thumbUrl: b.thumbUrl });
    await request(app).delete(`/mango/${id}/photos/${b._id}`).set(bearer(owner)).expect(200);
    expect(await coverOf()).toEqual({ image: PLACEHOLDER_PLANT_IMAGE, cardUrl: undefined, thumbUrl: undefined });
    expect(await storedPlant(id)).not.toHaveProperty('coverPhotoId');
    expect((await storedPlant(id))?.photoCount).toBe(0);

    // With the placeholder back, the next photo is the cover again.
    const d = await addPhoto(app, owner, id);
    expect(await coverOf()).toEqual({ image: d.url, cardUrl: d.cardUrl, thumbUrl: d.thumbUrl });
  });

  it('PUT /mango/:id/cover refuses a visitor 401, someone else 403, an unknown plant or photo 404 and a bad body 400', async () => {
    const owner = await createTestUser('Cover Owner');
    const stranger = await createTestUser('Cover Stranger');
    const id = await createPlantAs(app, owner);
    const photo = await addPhoto(app, owner, id);
    const put = (user: TestUser | null, plantId: string, body: unknown) => {
      const call = request(app).put(`/mango/${plantId}/cover`);
      return (user ? call.set(bearer(user)) : call).send(body as object);
    };
    expect((await put(null, id, { photoId: photo._id }).expect(401)).body.error.code).toBe('unauthenticated');
    expect((await put(stranger, id, { photoId: photo._id }).expect(403)).body.error.code).toBe('forbidden');
    expect((await put(owner, 'aaaaaaaaaaaaaaaaaaaa', { photoId: photo._id }).expect(404)).body.error.message).toBe(
      'That plant does not exist. It may have been deleted.',
    );
    expect((await put(owner, id, { photoId: 'aaaaaaaaaaaaaaaaaaaa' }).expect(404)).body.error.message).toBe(
      'That photo does not exist. It may have been deleted.',
    );
    expect((await put(owner, id, {}).expect(400)).body.error).toMatchObject({
      code: 'invalid_input',
      fields: { photoId: 'photoId is required.' },
    });
    expect((await get(`/mango/${id}`).expect(200)).body.image).toBe('https://example.com/fern.jpg');
  });
});

describe('deleting photos', () => {
  it('DELETE /mango/:id/photos/:photoId removes every document of the photo; both its paths answer 404, not cached', async () => {
    const owner = await createTestUser('Tidy Photographer');
    const stranger = await createTestUser('Meddler');
    const id = await createPlantAs(app, owner, placeholderPlant());
    const kept = await addPhoto(app, owner, id);
    const photo = await addPhoto(app, owner, id);

    expect((await request(app).delete(`/mango/${id}/photos/${photo._id}`).expect(401)).body.error.code).toBe(
      'unauthenticated',
    );
    expect(
      (await request(app).delete(`/mango/${id}/photos/${photo._id}`).set(bearer(stranger)).expect(403)).body.error.code,
    ).toBe('forbidden');
    await getImage(photo.url).expect(200);

    const deleted = await request(app).delete(`/mango/${id}/photos/${photo._id}`).set(bearer(owner)).expect(200);
    expect(deleted.body).toEqual({ deletedCount: 1 });
    for (const path of [photo.url, photo.cardUrl, photo.thumbUrl]) {
      const gone = await get(path).expect(404);
      expect(gone.headers['cache-control']).toBe('no-store');
      expect(gone.body.error).toEqual({
        code: 'not_found',
        message: 'That photo does not exist. It may have been deleted.',
      });
    }
    expect(await storedPhotoDocuments(id)).toEqual([
      `plants/${id}/photos/${kept._id}`,
      `plants/${id}/photos/${kept._id}/bytes/card-0`,
      `plants/${id}/photos/${kept._id}/bytes/full-0`,
      `plants/${id}/photos/${kept._id}/bytes/thumb-0`,
    ]);
    expect(
      (await request(app).delete(`/mango/${id}/photos/${photo._id}`).set(bearer(owner)).expect(404)).body.error.message,
    ).toBe('That photo does not exist. It may have been deleted.');
    // Other file names under a photo are nothing.
    expect((await get(`/mango/${id}/photos/${kept._id}/full.jpg`).expect(404)).headers['cache-control']).toBe(
      'no-store',
    );
  });

  it('DELETE /mango/:id deletes its photos, metadata and bytes, after the plant; their paths answer 404 at once', async () => {
    const owner = await createTestUser('Departing Photographer');
    const id = await createPlantAs(app, owner);
    const small = await addPhoto(app, owner, id);
    const chunked = await addPhoto(app, owner, id, await aNoisyJpeg(1600, 1200));
    // 4 documents for the small one; the grainy one's full size takes two chunks.
    expect(await storedPhotoDocuments(id)).toHaveLength(9);

    await request(app).delete(`/mango/${id}`).set(bearer(owner)).expect(200);
    for (const path of [small.url, small.cardUrl, small.thumbUrl, chunked.url, chunked.cardUrl, chunked.thumbUrl])
      expect((await get(path).expect(404)).headers['cache-control']).toBe('no-store');
    expect((await get(`/mango/${id}/photos`).expect(404)).body.error.code).toBe('not_found');
    await untilPurged(id);
    expect(await storedPhotoDocuments(id)).toEqual([]);
  });
});

/*
 * The same through the Cloud Functions runtime (which has read the body into req.rawBody before
 * Express runs) and the Hosting rewrite, as browsers reach it.
 */
describe.each([
  ['the Functions emulator', FUNCTION_URL],
  ['the Hosting rewrite', HOSTING_URL],
])('through %s', (_where, base) => {
  const url = (path: string) => `${base}${path}`;

  it('uploads, serves the image with its immutable cache header, and answers 404 after the delete', async () => {
    const owner = await createTestUser('Runtime Photographer');
    const id = await createPlantAs(app, owner, placeholderPlant());
    const input = await aSidewaysPhonePhoto(600, 400);
    const uploaded = await fetch(url(`/mango/${id}/photos?caption=Runtime`), {
      method: 'POST',
      headers: { ...bearer(owner), 'Content-Type': 'image/jpeg' },
      body: input,
    });
    expect(uploaded.status).toBe(201);
    const photo = (await uploaded.json()) as Photo;
    expect(photo).toMatchObject({ width: 400, height: 600, caption: 'Runtime' });

    const served = await fetch(url(photo.url));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect(served.headers.get('cache-control')).toBe(IMAGE_CACHE);
    const image = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(image).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 400, height: 600 });
    expect(metadata.exif).toBeUndefined();
    expect((await fetch(url(`/mango/${id}`)).then((r) => r.json())) as Plant).toMatchObject({
      image: photo.url,
      cardUrl: photo.cardUrl,
      thumbUrl: photo.thumbUrl,
    });

    expect(
      (await fetch(url(`/mango/${id}/photos/${photo._id}`), { method: 'DELETE', headers: bearer(owner) })).status,
    ).toBe(200);
    const gone = await fetch(url(photo.url));
    expect(gone.status).toBe(404);
    expect(gone.headers.get('cache-control')).toBe('no-store');
  });

  it('answers a body over 10 MB with our 413 JSON, although the runtime accepted it, and stores nothing', async () => {
    const owner = await createTestUser('Runtime Hoarder');
    const id = await createPlantAs(app, owner);
    const huge = Buffer.concat([await aJpeg(), Buffer.alloc(PHOTO_LIMITS.bytes)]);
    // Straight to the runtime, streamed without a Content-Length, so only the bytes the runtime read
    // (req.rawBody) tell the size. The Hosting emulator's proxy cannot forward a body without a
    // length (firebase-tools answers its own 500), and browsers send a File with one, so through
    // Hosting the body goes with its length.
    const body =
      base === FUNCTION_URL
        ? new ReadableStream({
            start(controller) {
              for (let start = 0; start < huge.length; start += 1024 * 1024)
                controller.enqueue(huge.subarray(start, start + 1024 * 1024));
              controller.close();
            },
          })
        : huge;
    const response = await fetch(url(`/mango/${id}/photos`), {
      method: 'POST',
      headers: { ...bearer(owner), 'Content-Type': 'image/jpeg' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The photo is too large: a photo may be at most 10 MB.' },
    });
    expect(await storedPhotoDocuments(id)).toEqual([]);
  });
});

describe('upload time', () => {
  it('uploads a 12-megapixel phone photo (decode, turn, two encodes, one commit): the median of five', async () => {
    const owner = await createTestUser('Timed Photographer');
    const id = await createPlantAs(app, owner);
    const input = await aNoisyJpeg(4000, 3000, 24);
    expect(input.length).toBeLessThan(PHOTO_LIMITS.bytes);
    // Server time: from the request's arrival (its headers read) to the answer's last byte handed
    // to the socket, so reading the body is in it and the client's own work is not.
    const serverTimes: number[] = [];
    const timed = express().use((_req, res, next) => {
      const started = performance.now();
      res.once('finish', () => serverTimes.push(Math.round(performance.now() - started)));
      next();
    }, app);
    for (let run = 0; run < 5; run += 1) await uploadPhoto(timed, owner, id, input).expect(201);
    expect(serverTimes).toHaveLength(5);
    const median = [...serverTimes].sort((a, b) => a - b)[2]!;
    console.log(
      `12-megapixel upload (${(input.length / 1024 / 1024).toFixed(1)} MB JPEG), server time in createApp(): median ${median} ms; runs ${serverTimes.join(', ')} ms`,
    );
    // Far inside the function's 30 s timeout, even on a loaded machine.
    expect(median).toBeLessThan(10_000);
  }, 120_000);
});
