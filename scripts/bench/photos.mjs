// Photos: uploads of a 12-megapixel JPEG straight at the function, and Lighthouse on All Plants'
// first page with photo covers.
import crypto from 'node:crypto';
import { URLS } from '../lib/stack.mjs';
import { LIST_PAGE, functionCall, median, newAccount, require, say } from './common.mjs';
import { benchVisitorPages } from './lighthouse.mjs';

/**
 * A photo as a phone's camera takes it: `width` x `height`, a gradient under grain, at JPEG quality
 * 95 (12 megapixels: about 4 MB). Made with sharp, the library the function re-encodes with.
 */
async function aCameraJpeg(/** @type {number} */ width, /** @type {number} */ height) {
  const sharp = require('sharp');
  const pixels = crypto.randomBytes(width * height * 3);
  const grain = 24;
  for (let i = 0; i < pixels.length; i += 1) {
    const x = Math.floor(i / 3) % width;
    pixels[i] = Math.min(255, Math.floor((x / width) * (255 - grain)) + Math.floor((pixels[i] * grain) / 255));
  }
  return /** @type {Buffer} */ (
    await sharp(pixels, { raw: { width, height, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer()
  );
}

export const PHOTO_UPLOAD_RUNS = 5;

/**
 * Photos: uploads of a 12-megapixel phone photo straight at the function (the median of
 * PHOTO_UPLOAD_RUNS after one warm-up), then All Plants' first page with a photo cover on each of its
 * plants (the newest LIST_PAGE plants of a fresh account, each with a 1600 x 1200 photo as the app's
 * upload sends it): Lighthouse on it, which counts the bytes of its images. The plants (and so their
 * photos) are deleted after, so the figures that follow are those of the plants without covers.
 * @param {string} chromePath
 */
export async function benchPhotos(chromePath) {
  const owner = await newAccount('photos');
  const addPlant = async (/** @type {string} */ plantName) => {
    const added = await functionCall('POST', '/mango', owner.token, {
      plantName,
      category: 'fern',
      careLevel: 'easy',
      healthStatus: 'Healthy',
      wateringFrequency: 'Every 3 days',
      // Due before every other plant: All Plants' first page (soonest watering first) is these.
      lastWateredDate: '2025-11-28',
      nextWateringDate: '2025-12-01',
    });
    if (added.status !== 201)
      throw new Error(`Adding a plant for the photo figures answered ${added.status}: ${JSON.stringify(added.body)}`);
    return /** @type {string} */ (added.body.insertedId);
  };
  const upload = async (/** @type {string} */ id, /** @type {Buffer} */ bytes) => {
    const answer = await functionCall('POST', `/mango/${id}/photos`, owner.token, bytes, 'image/jpeg');
    if (answer.status !== 201)
      throw new Error(`A photo upload answered ${answer.status}: ${JSON.stringify(answer.body)}`);
    return answer;
  };

  const camera = await aCameraJpeg(4000, 3000);
  const timed = await addPlant('Timed Fern');
  /** @type {number[]} */
  const uploadMs = [];
  for (let run = 0; run <= PHOTO_UPLOAD_RUNS; run += 1) {
    say(run === 0 ? 'photos: upload warm-up' : `photos: upload ${run}/${PHOTO_UPLOAD_RUNS}`);
    const { ms } = await upload(timed, camera);
    if (run > 0) uploadMs.push(ms);
  }

  say(`photos: ${LIST_PAGE} plants with photo covers`);
  const shrunk = await aCameraJpeg(1600, 1200);
  const covered = [timed];
  for (let i = 1; i < LIST_PAGE; i += 1) {
    const id = await addPlant(`Photo Fern ${i}`);
    await upload(id, shrunk);
    covered.push(id);
  }
  const firstPage = await fetch(`${URLS.function}/mango?sort=nextWateringDate&dir=asc&limit=${LIST_PAGE}`).then((r) =>
    r.json(),
  );
  const withThumbs = (firstPage.plants ?? []).filter((/** @type {any} */ plant) => plant.thumbUrl).length;
  if (withThumbs !== LIST_PAGE)
    throw new Error(`All Plants' first page has ${withThumbs} plants with photo covers, not ${LIST_PAGE}.`);
  const lighthouse = await benchVisitorPages(chromePath, (origin) => [
    { name: '/allPlants with photo covers', url: `${origin}/allPlants` },
  ]);
  for (const id of covered) await functionCall('DELETE', `/mango/${id}`, owner.token, undefined);
  return {
    upload12MpBytes: camera.length,
    upload12MpMs: Math.round(median(uploadMs)),
    upload12MpRunsMs: uploadMs.map(Math.round),
    coverBytes: shrunk.length,
    firstPageWithThumbs: withThumbs,
    allPlantsWithCovers: lighthouse['/allPlants with photo covers'],
  };
}
