import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import { FIRESTORE_DEADLINE_MS } from '../src/config/runtime';
import { PROJECT_ID } from './support/emulators';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

/** A port nothing listens on: connections are refused, as when Firestore is down. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A real firebase-admin Firestore, in its own named app, pointed at a closed port. */
function unreachableFirestore(adminApp: App, port: number): Firestore {
  // FIRESTORE_EMULATOR_HOST overrides settings.host inside the Firestore client, so it is
  // lifted while this instance is configured; `ssl: false` keeps the emulator's auth mode.
  const saved = process.env.FIRESTORE_EMULATOR_HOST;
  delete process.env.FIRESTORE_EMULATOR_HOST;
  try {
    const db = getFirestore(adminApp);
    db.settings({ host: `127.0.0.1:${port}`, ssl: false });
    return db;
  } finally {
    process.env.FIRESTORE_EMULATOR_HOST = saved;
  }
}

describe('Firestore not answering', () => {
  let adminApp: App;
  let user: TestUser;
  let app: ReturnType<typeof createApp>;

  beforeAll(async () => {
    adminApp = initializeApp({ projectId: PROJECT_ID }, `unreachable-firestore-${randomUUID()}`);
    const db = unreachableFirestore(adminApp, await closedPort());
    app = createApp({ db: () => db });
    user = await createTestUser('Patient Gardener');
  });

  afterAll(async () => {
    await deleteApp(adminApp);
  });

  const id = 'A'.repeat(20);
  const calls: [string, () => request.Test][] = [
    ['GET /mango', () => request(app).get('/mango')],
    ['GET /mango?email=', () => request(app).get('/mango').query({ email: user.email }).set(bearer(user))],
    ['GET /mango/:id', () => request(app).get(`/mango/${id}`)],
    ['POST /mango', () => request(app).post('/mango').set(bearer(user)).send(aPlant())],
    ['PUT /mango/:id', () => request(app).put(`/mango/${id}`).set(bearer(user)).send(anUpdate())],
    ['DELETE /mango/:id', () => request(app).delete(`/mango/${id}`).set(bearer(user))],
    ['GET /mango/stats', () => request(app).get('/mango/stats').set(bearer(user))],
    [
      'POST /mango/:id/care/water',
      () => request(app).post(`/mango/${id}/care/water`).set(bearer(user)).send({ date: '2026-03-05' }),
    ],
    [
      'DELETE /mango/:id/care/water/latest',
      () => request(app).delete(`/mango/${id}/care/water/latest`).set(bearer(user)),
    ],
    ['GET /mango/:id/events', () => request(app).get(`/mango/${id}/events`).set(bearer(user))],
  ];

  it(
    'answers every route 503 JSON within the deadline, never a hang or a stack trace',
    async () => {
      // All at once: each waits out the same deadline.
      const results = await Promise.all(
        calls.map(async ([name, call]) => {
          const started = Date.now();
          const response = await call();
          return { name, response, elapsed: Date.now() - started };
        }),
      );
      for (const { name, response, elapsed } of results) {
        expect(response.status, `${name}: ${JSON.stringify(response.body)}`).toBe(503);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
        expect(response.body).toEqual({
          error: {
            code: 'unavailable',
            message: 'The plant database is not answering right now. Please try again in a moment.',
          },
        });
        // The deadline answered, not the store: bounded at twice the deadline, against a hang.
        expect(elapsed, name).toBeLessThan(2 * FIRESTORE_DEADLINE_MS);
      }
    },
    FIRESTORE_DEADLINE_MS + 15_000,
  );
});
