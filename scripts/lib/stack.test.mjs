import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listProcesses, readStackRecord } from './processes.mjs';
import { writeSampleDataDir } from './sample-data.mjs';
import { DEMO_ACCOUNT } from './seed.mjs';
import { api, authCall, npmStart, signIn, signUp, sleep } from './stack-client.mjs';
import { PORTS, PROJECT_ID, StackError, URLS, portIsFree, startStack } from './stack.mjs';

/** @type {string[]} */
const dirs = [];
const tempDir = (/** @type {string} */ label) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `mango-launcher-${label}-`));
  dirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** @param {number} pid */
const alive = (pid) => listProcesses().some((p) => p.pid === pid && !p.args.includes('<defunct>'));

async function expectPortsFree() {
  for (const { port } of Object.values(PORTS)) expect(await portIsFree(port), `port ${port} is free`).toBe(true);
}

/** @param {string} token */
const displayNameOf = async (token) => (await authCall('accounts:lookup', { idToken: token })).body.users[0].displayName;

describe('the local stack launcher', () => {
  const email = `launcher-${Date.now()}@example.test`;
  const password = 'Persist123';

  it('seeds a fresh data folder, and keeps an account and a plant across a restart', async () => {
    const dataDir = tempDir('restart');
    const first = await startStack({ dataDir, persist: true, seed: true });
    /** @type {string} */
    let plantId;
    try {
      const seeded = await (await fetch(`${URLS.hosting}/mango`)).json();
      expect(seeded.length).toBe(15);

      const signUp = await authCall('accounts:signUp', { email, password, returnSecureToken: true });
      expect(signUp.status).toBe(200);
      const created = await fetch(`${URLS.hosting}/mango`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${signUp.body.idToken}` },
        body: JSON.stringify({ plantName: 'Persistent Pothos', category: 'Flower' }),
      });
      expect(created.status).toBe(201);
      plantId = (await created.json()).insertedId;
    } finally {
      await first.stop();
    }

    await expectPortsFree();
    expect(readStackRecord(), 'a clean stop forgets the stack').toBeUndefined();
    expect(fs.existsSync(path.join(dataDir, 'firestore.json'))).toBe(true);
    expect(fs.readdirSync(path.join(dataDir, 'firestore-log')), 'a clean stop compacts the log into the snapshot').toEqual([]);
    expect(fs.existsSync(path.join(dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);

    const second = await startStack({ dataDir, persist: true, seed: true });
    try {
      const plants = await (await fetch(`${URLS.hosting}/mango`)).json();
      expect(plants.length).toBe(16);
      expect(plants.find((/** @type {any} */ p) => p._id === plantId)?.plantName).toBe('Persistent Pothos');
      const signIn = await authCall('accounts:signInWithPassword', { email, password, returnSecureToken: true });
      expect(signIn.status).toBe(200);
    } finally {
      await second.stop();
    }
  });

  it('refuses to start when a port is taken, naming the port in one sentence', async () => {
    const blocker = net.createServer();
    await new Promise((resolve) => blocker.listen(PORTS.hosting.port, '127.0.0.1', () => resolve(undefined)));
    try {
      const attempt = startStack({ dataDir: tempDir('busy'), persist: false, seed: false });
      await expect(attempt).rejects.toBeInstanceOf(StackError);
      await expect(attempt).rejects.toThrow(`Port ${PORTS.hosting.port} is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(() => resolve(undefined)));
    }
    await expectPortsFree();
  });

  it('loses no account, profile or plant to a kill -9 of `npm start`, and the next start cleans up after it', async () => {
    const dataDir = tempDir('crash');
    const today = new Date().toISOString().slice(0, 10);

    // A new user registers, names themselves and adds a plant; 3 s later the launcher alone is
    // killed (its terminal crashed): the stand-in goes with it, the emulators are left running.
    let run = await npmStart({ dataDir });
    const gardenerEmail = `crash-${Date.now()}@example.test`;
    const newcomerEmail = `newcomer-${Date.now()}@example.test`;
    const gardener = await signUp(gardenerEmail, password);
    expect((await authCall('accounts:update', { idToken: gardener.idToken, displayName: 'Crash Gardener' })).status).toBe(200);
    const created = await api('POST', '/mango', { token: gardener.idToken, body: { plantName: 'Crash Fern', category: 'fern' } });
    expect(created.status).toBe(201);
    const plantId = created.body.insertedId;
    await sleep(3000);
    const first = /** @type {import('./processes.mjs').StackRecord} */ (readStackRecord());
    const launcher = /** @type {import('./processes.mjs').RecordedProcess} */ (first.launcher);
    process.kill(launcher.pid, 'SIGKILL');
    for (let waited = 0; alive(/** @type {any} */ (first.firestore).pid) && waited < 5000; waited += 100) await sleep(100);
    expect(alive(/** @type {any} */ (first.firestore).pid), 'the stand-in exits when its launcher dies').toBe(false);
    expect(alive(/** @type {any} */ (first.emulators).pid), 'the emulators outlive a launcher killed with -9').toBe(true);
    await run.kill9();

    // The next start ends what the first left behind instead of refusing with "port in use".
    run = await npmStart({ dataDir });
    expect(run.output).toMatch(/Ended \d+ processes a previous run left running/);
    expect(alive(/** @type {any} */ (first.emulators).pid)).toBe(false);
    const back = await signIn(gardenerEmail, password);
    expect(await displayNameOf(back.idToken)).toBe('Crash Gardener');
    expect((await api('GET', `/mango/${plantId}`)).body.plantName).toBe('Crash Fern');
    await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);

    // More changes, then the whole stack dies 3 s later: npm, the launcher, the stand-in, the emulators.
    expect((await authCall('accounts:update', { idToken: back.idToken, displayName: 'Renamed Gardener' })).status).toBe(200);
    const newcomer = await signUp(newcomerEmail, password);
    const watered = await api('POST', `/mango/${plantId}/waterings`, { token: back.idToken, body: { date: today } });
    expect(watered.status).toBe(200);
    await sleep(3000);
    const killed = await run.kill9();
    expect(killed.length).toBeGreaterThanOrEqual(4);

    run = await npmStart({ dataDir });
    try {
      const third = await signIn(gardenerEmail, password);
      expect(third.uid).toBe(gardener.uid);
      expect(await displayNameOf(third.idToken)).toBe('Renamed Gardener');
      expect((await signIn(newcomerEmail, password)).uid).toBe(newcomer.uid);
      const demo = await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      expect(demo.uid).toBe(DEMO_ACCOUNT.uid);

      const plant = await api('GET', `/mango/${plantId}`, { token: third.idToken });
      expect(plant.body).toMatchObject({ plantName: 'Crash Fern', lastWateredDate: today });
      const events = await api('GET', `/mango/${plantId}/events`, { token: third.idToken });
      expect(events.body.map((/** @type {any} */ e) => e.type)).toEqual(['watered', 'added']);
      // Restored data is never seeded over: the 15 demo plants and the gardener's one.
      expect(await storedPlants()).toBe(16);
    } finally {
      await run.stop();
      expect(run.output, 'Ctrl-C stops it cleanly').toContain(`[mango] Stopping, saving data to ${dataDir}/ ...`);
      expect(run.output).toMatch(/\[mango\] Stopped\.\n$/);
    }
    await expectPortsFree();
    expect(readStackRecord()).toBeUndefined();
  });

  it('starts quickly on 20,000 saved plants, and reads answer in well under a second while writes are saved', async () => {
    const dataDir = tempDir('large');
    const { plantIds } = writeSampleDataDir(dataDir, 20_000, { ownerUid: 'sample-owner', userEmail: 'sample@example.test', userName: 'Sample Owner' });
    const started = Date.now();
    const stack = await startStack({ dataDir, persist: true, seed: true });
    const startMs = Date.now() - started;
    try {
      expect(stack.restored.documents).toBe(60_001); // and the migrations marker
      console.log(`[launcher test] 20,000 saved plants (60,000 documents): loaded in ${stack.restored.loadMs} ms, the whole stack answered after ${startMs} ms`);
      expect(stack.restored.loadMs).toBeLessThan(15_000);
      // Saved plants but no saved accounts: the demo login works, and nothing is seeded over the data.
      await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      expect((await stack.db.collection('plants').count().get()).data().count).toBe(20_000);

      // Writers at a person's pace (one write a second each), readers all the while.
      const writers = await Promise.all([1, 2, 3, 4].map((n) => signUp(`large-${n}-${Date.now()}@example.test`, password)));
      // The Functions emulator starts a worker process for each request that arrives while the others
      // are busy; warm up as many as the test will use, so their start is not counted as a stall.
      for (let round = 0; round < 3; round += 1) {
        const warm = await Promise.all(plantIds.slice(0, 8).map((id) => api('GET', `/mango/${id}`)));
        expect(warm.map((r) => r.status)).toEqual(Array(8).fill(200));
      }
      // Reads through the API, and straight at the store (where the old launcher's save stalled).
      /** @type {{ status: number, ms: number }[]} */
      const reads = [];
      /** @type {number[]} */
      const storeReads = [];
      let writing = true;
      const reader = (async () => {
        for (let i = 0; writing; i += 1) {
          const { status, ms } = await api('GET', `/mango/${plantIds[(i * 13) % plantIds.length]}`, { timeoutMs: 10_000 });
          reads.push({ status, ms });
          await sleep(100);
        }
      })();
      const storeReader = (async () => {
        for (let i = 0; writing; i += 1) {
          const begun = performance.now();
          await stack.db.doc(`plants/${plantIds[(i * 17) % plantIds.length]}`).get();
          storeReads.push(performance.now() - begun);
          await sleep(50);
        }
      })();
      const writes = await Promise.all(
        writers.map(async (writer, n) => {
          const statuses = [];
          for (let i = 0; i < 8; i += 1) {
            statuses.push((await api('POST', '/mango', { token: writer.idToken, body: { plantName: `Large ${n}-${i}`, category: 'Herbs' } })).status);
            await sleep(1000);
          }
          return statuses;
        }),
      );
      // The old launcher saved the whole database a second after the last write: keep reading past that.
      await sleep(4000);
      writing = false;
      await Promise.all([reader, storeReader]);

      const viaApi = reads.map((r) => r.ms).sort((a, b) => a - b);
      const store = [...storeReads].sort((a, b) => a - b);
      const summary = (/** @type {number[]} */ sorted) => `p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms over ${sorted.length} reads`;
      console.log(`[launcher test] while 32 plants were added to 20,000: API reads ${summary(viaApi)}; store reads ${summary(store)}`);
      expect(writes.flat().every((status) => status === 201)).toBe(true);
      expect(reads.length).toBeGreaterThan(50);
      expect(reads.filter((r) => r.status !== 200), 'every read answered 200').toEqual([]);
      expect(store.at(-1), 'the slowest read straight at the store (ms)').toBeLessThan(750);
      expect(viaApi.at(-1), 'the slowest read through the API (ms)').toBeLessThan(1000);
      expect((await stack.db.collection('plants').count().get()).data().count).toBe(20_032);
    } finally {
      await stack.stop();
    }
  });
});

/** How many plants the running stack's store holds, asked of the stand-in itself. */
async function storedPlants() {
  const { initializeApp, deleteApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  process.env.FIRESTORE_EMULATOR_HOST = URLS.firestoreHost;
  const app = initializeApp({ projectId: PROJECT_ID }, `launcher-test-${Date.now()}`);
  try {
    return (await getFirestore(app).collection('plants').count().get()).data().count;
  } finally {
    await deleteApp(app);
  }
}
