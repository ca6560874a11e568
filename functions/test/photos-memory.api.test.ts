import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RUNTIME_OPTIONS } from '../src/config/runtime';
import { PHOTO_LIMITS } from '../src/model';
import { DECODES_AT_ONCE, MAX_WAITING } from '../src/photos/photo-image';
import { AUTH_EMULATOR_HOST, FIRESTORE_EMULATOR_HOST, PROJECT_ID } from './support/emulators';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createTestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

/**
 * The worst image an upload may be: PHOTO_LIMITS.pixels (8000 x 5000) as a PNG, which cannot shrink
 * while it decodes, turned by its EXIF orientation (a turn needs the whole image), with a band of
 * noise that brings the file to just under PHOTO_LIMITS.bytes, so each waiting upload holds as much
 * as one can.
 */
async function worstAcceptedPhoto(): Promise<Buffer> {
  const noisyRows = 250;
  return sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#88aa55' } })
    .composite([
      {
        input: randomBytes(8000 * noisyRows * 3),
        raw: { width: 8000, height: noisyRows, channels: 3 },
        top: 0,
        left: 0,
      },
    ])
    .png({ compressionLevel: 1 })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The most memory the process has held (its peak resident set), in MiB. */
function peakMiB(pid: number): number {
  const kib = Number(/^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return kib / 1024;
}

/*
 * One Cloud Functions instance takes RUNTIME_OPTIONS.concurrency requests at once in one process.
 * This starts the built app in one Node process of its own, on the emulators, and sends it uploads
 * of the worst image at once; the process's peak memory (its own, apart from the Functions
 * emulator's worker and whatever else it served) must fit the function's.
 */
describe('photo uploads at once, in one process as in one instance', () => {
  let server: ChildProcess;
  let base: string;

  beforeAll(async () => {
    const app = path.resolve(__dirname, '../lib/app.js');
    server = spawn(
      process.execPath,
      [
        '-e',
        `require(${JSON.stringify(app)}).createApp().listen(0, '127.0.0.1', function () { console.log(this.address().port); })`,
      ],
      {
        env: {
          ...process.env,
          GCLOUD_PROJECT: PROJECT_ID,
          FIRESTORE_EMULATOR_HOST,
          FIREBASE_AUTH_EMULATOR_HOST: AUTH_EMULATOR_HOST,
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    const port = await new Promise<string>((resolve, reject) => {
      server.stdout!.once('data', (chunk: Buffer) => resolve(chunk.toString().trim()));
      server.once('exit', (code) => reject(new Error(`The app exited with ${code} before listening.`)));
    });
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(() => {
    server?.kill();
  });

  it('holds the worst accepted image, many at once, within the function memory', { timeout: 60_000 }, async () => {
    const user = await createTestUser('Memory Gardener');
    const created = await fetch(`${base}/mango`, {
      method: 'POST',
      headers: { ...bearer(user), 'Content-Type': 'application/json' },
      body: JSON.stringify(aPlant({ plantName: 'Heavy Fig' })),
    });
    expect(created.status).toBe(201);
    const { insertedId } = (await created.json()) as { insertedId: string };
    const photo = await worstAcceptedPhoto();
    expect(photo.length).toBeLessThanOrEqual(PHOTO_LIMITS.bytes);
    expect(photo.length).toBeGreaterThan(PHOTO_LIMITS.bytes * 0.9);

    const uploads = Number(process.env.UPLOADS ?? RUNTIME_OPTIONS.concurrency);
    const before = peakMiB(server.pid!);
    const started = Date.now();
    const answers = await Promise.all(
      Array.from({ length: uploads }, () =>
        fetch(`${base}/mango/${insertedId}/photos`, {
          method: 'POST',
          headers: { ...bearer(user), 'Content-Type': 'image/png' },
          body: photo,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.status);
    const peak = peakMiB(server.pid!);
    console.info(
      `${uploads} uploads of a ${(photo.length / 1e6).toFixed(1)} MB 40 MP PNG at once: peak ${peak.toFixed(0)} MiB (${before.toFixed(0)} before), ${Date.now() - started} ms, answers ${statuses.join(' ')}`,
    );

    // Every upload is stored, or told at once that the server is busy; nothing else.
    expect(statuses.every((status) => status === 201 || status === 503)).toBe(true);
    // One decoding and those allowed to wait are stored at least; the others may come after them.
    expect(statuses.filter((status) => status === 201).length).toBeGreaterThanOrEqual(DECODES_AT_ONCE + MAX_WAITING);
    const busy = answers.find((answer) => answer.status === 503);
    if (busy) expect(busy.headers.get('retry-after')).toBe('5');
    expect(peak).toBeLessThan(
      Number.parseInt(RUNTIME_OPTIONS.memory, 10) * (RUNTIME_OPTIONS.memory.endsWith('GiB') ? 1024 : 1),
    );
  });
});
