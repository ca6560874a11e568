import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EMULATOR_ENV,
  FirestoreEmulatorError,
  INSTALL_HINT,
  findFirestoreEmulator,
  startFirestoreEmulator,
} from './firestore-emulator.mjs';
import { listProcesses, readStackRecord } from './processes.mjs';
import { functionNode } from './function-node.mjs';
import { writeSampleDataDir } from './sample-data.mjs';
import { DEMO_ACCOUNT } from './seed.mjs';
import { api, npmStart, sleep } from './stack-client.mjs';
import { createPlantAs } from './test-plants.mjs';
import { authCall, createTestUser, signIn } from './test-users.mjs';
import { PORTS, PROJECT_ID, ROOT, StackError, URLS, portIsFree, startStack } from './stack.mjs';

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
const displayNameOf = async (token) =>
  (await authCall('accounts:lookup', { idToken: token })).body.users[0].displayName;

/**
 * The Functions emulator's worker processes running one function: each has its name in
 * FUNCTION_TARGET.
 * @param {string} target
 */
const workersOf = (target) =>
  listProcesses().filter((p) => {
    if (!p.args.includes(`${ROOT}/node_modules/firebase-tools/lib/emulator/functionsEmulatorRuntime`)) return false;
    try {
      return fs.readFileSync(`/proc/${p.pid}/environ`, 'utf8').split('\0').includes(`FUNCTION_TARGET=${target}`);
    } catch {
      return false; // ended meanwhile
    }
  }).length;

/** The executables the Functions emulator's workers for one function run on. @param {string} target */
const workerExecutables = (target) =>
  listProcesses()
    .filter((p) => p.args.includes(`${ROOT}/node_modules/firebase-tools/lib/emulator/functionsEmulatorRuntime`))
    .filter((p) => fs.readFileSync(`/proc/${p.pid}/environ`, 'utf8').split('\0').includes(`FUNCTION_TARGET=${target}`))
    .map((p) => fs.realpathSync(`/proc/${p.pid}/exe`));

/** The store the launcher's large test starts on: a collection a person with a big import has. */
const SAMPLE_PLANTS = 5_000;
/**
 * Its data folder is written by a Firestore emulator of its own, on a port no stack uses, while the
 * tests before it run (about 10 s of a 2-core machine's time, otherwise spent waiting).
 */
const SAMPLE_PORT = 8795;
const sampleDir = tempDir('large');
const sampleData = writeSampleDataDir(
  sampleDir,
  SAMPLE_PLANTS,
  { ownerUid: 'sample-owner', userEmail: 'sample@example.test', userName: 'Sample Owner' },
  { port: SAMPLE_PORT, projectId: PROJECT_ID },
);
// Reported by the test that awaits it.
sampleData.catch(() => undefined);

describe('the local stack launcher', () => {
  const password = 'Persist123';

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

  it('seeds a fresh data folder, loses no account, profile or plant to a kill -9 of the launcher, cleans up after it, and saves at a clean stop', async () => {
    const dataDir = tempDir('crash');

    // A new user registers, names themselves and adds a plant; 3 s later the launcher alone is
    // killed (its terminal crashed): the emulators, Firestore's among them, are left running.
    let run = await npmStart({ dataDir });
    // A fresh data folder is seeded with the demo plants.
    expect((await api('GET', '/mango')).body.length).toBe(15);
    const gardenerEmail = `crash-${Date.now()}@example.test`;
    const gardener = await createTestUser(null, { email: gardenerEmail, password });
    expect(
      (await authCall('accounts:update', { idToken: gardener.idToken, displayName: 'Crash Gardener' })).status,
    ).toBe(200);
    const plantId = await createPlantAs(gardener, { plantName: 'Crash Fern', category: 'fern' });
    await sleep(3000);
    const first = /** @type {import('./processes.mjs').StackRecord} */ (readStackRecord());
    const launcher = /** @type {import('./processes.mjs').RecordedProcess} */ (first.launcher);
    process.kill(launcher.pid, 'SIGKILL');
    for (let waited = 0; alive(launcher.pid) && waited < 5000; waited += 100) await sleep(100);
    expect(
      alive(/** @type {any} */ (first.firestore).pid),
      'the Firestore emulator outlives a launcher killed with -9',
    ).toBe(true);
    expect(alive(/** @type {any} */ (first.emulators).pid), 'the emulators outlive a launcher killed with -9').toBe(
      true,
    );
    // The orphaned stack still answers: a plant added now is kept too.
    const orphanedId = await createPlantAs(gardener, { plantName: 'Orphan Fern', category: 'fern' });
    await run.kill9();

    // The next start saves what the leftover emulator holds, then ends what the first run left
    // behind, instead of refusing with "port in use".
    run = await npmStart({ dataDir });
    // A kill -9 of the whole stack (npm, the launcher, the emulators) is the reliability suite's,
    // with a dozen users' writes: scripts/reliability/.
    try {
      expect(run.output).toMatch(/Saved the Firestore data the previous run still held/);
      expect(run.output).toMatch(/Ended \d+ processes a previous run left running/);
      expect(alive(/** @type {any} */ (first.emulators).pid)).toBe(false);
      expect(alive(/** @type {any} */ (first.firestore).pid)).toBe(false);
      const back = await signIn(gardenerEmail, password);
      expect(await displayNameOf(back.idToken)).toBe('Crash Gardener');
      expect((await api('GET', `/mango/${plantId}`)).body.plantName).toBe('Crash Fern');
      expect((await api('GET', `/mango/${orphanedId}`)).body.plantName).toBe('Orphan Fern');
      const demo = await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      expect(demo.uid).toBe(DEMO_ACCOUNT.uid);
      // Restored data is never seeded over: the 15 demo plants and the gardener's two.
      expect(await storedPlants()).toBe(17);
    } finally {
      await run.stop();
      expect(run.output, 'Ctrl-C stops it cleanly').toContain(`[mango] Stopping, saving data to ${dataDir}/ ...`);
      expect(run.output).toMatch(/\[mango\] Stopped\.\n$/);
    }
    await expectPortsFree();
    expect(readStackRecord(), 'a clean stop forgets the stack').toBeUndefined();
    // The emulators' own exports, the logs and the mail server's inbox, nothing else.
    expect(fs.readdirSync(dataDir).sort()).toEqual(['auth', 'firestore', 'logs', 'mail']);
    expect(
      fs.existsSync(path.join(dataDir, 'firestore', 'firestore_export', 'firestore_export.overall_export_metadata')),
    ).toBe(true);
    expect(fs.existsSync(path.join(dataDir, 'auth', 'firebase-export-metadata.json'))).toBe(true);
  });

  it('starts a Firestore emulator that died again from the last save, and stops the whole stack when it keeps dying', async () => {
    const dataDir = tempDir('emulator-crash');
    const run = await npmStart({ dataDir });
    let exited = false;
    void run.exit.then(() => (exited = true));
    try {
      const gardenerEmail = `emulator-crash-${Date.now()}@example.test`;
      const gardener = await createTestUser(null, { email: gardenerEmail, password });
      const plantId = await createPlantAs(gardener, { plantName: 'Survivor Fern', category: 'fern' });
      await sleep(3000);

      /** Kills the Firestore emulator running now, once it is not the one killed before. @param {number} [previous] */
      const killFirestore = async (previous) => {
        for (let waited = 0; waited < 30_000; waited += 200) {
          const pid = /** @type {any} */ (readStackRecord())?.firestore?.pid;
          if (pid && pid !== previous && alive(pid)) {
            process.kill(pid, 'SIGKILL');
            return /** @type {number} */ (pid);
          }
          await sleep(200);
        }
        throw new Error('no new Firestore emulator was started');
      };
      const first = await killFirestore();
      const killedAt = Date.now();
      let back = await api('GET', `/mango/${plantId}`, { timeoutMs: 5000 });
      while (back.status !== 200 && Date.now() - killedAt < 30_000) {
        await sleep(250);
        back = await api('GET', `/mango/${plantId}`, { timeoutMs: 5000 });
      }
      expect(back.status, 'the stack answers again within 30 s').toBe(200);
      expect(back.body.plantName).toBe('Survivor Fern');
      console.log(
        `[launcher test] the stack answered again ${Date.now() - killedAt} ms after the Firestore emulator was killed`,
      );
      expect(run.output).toMatch(
        /The Firestore emulator stopped unexpectedly \(see .*firestore\.log\); restarting from the last save/,
      );
      const afterId = await createPlantAs(gardener, { plantName: 'Second Fern', category: 'fern' });

      // The Firebase emulators (auth, functions, hosting) come back the same way, with the accounts.
      process.kill(/** @type {any} */ (readStackRecord())?.emulators?.pid, 'SIGKILL');
      const emulatorsKilledAt = Date.now();
      await sleep(1000);
      const answersAgain = async () => {
        const account = await signIn(gardenerEmail, password).catch(() => undefined);
        const plant = await api('GET', `/mango/${afterId}`, { timeoutMs: 5000 });
        return account && plant.status === 200 ? { uid: account.uid, plantName: plant.body.plantName } : undefined;
      };
      let again = await answersAgain();
      while (!again && Date.now() - emulatorsKilledAt < 30_000) {
        await sleep(500);
        again = await answersAgain();
      }
      expect(again, 'the account signs in and the plant answers again within 30 s').toEqual({
        uid: gardener.uid,
        plantName: 'Second Fern',
      });
      console.log(
        `[launcher test] the Firebase emulators answered again ${Date.now() - emulatorsKilledAt} ms after their process was killed`,
      );
      expect(run.output).toMatch(
        /The Firebase emulators \(auth, functions, hosting\) stopped unexpectedly .*; restarting from the last save/,
      );

      // Twice more within the minute: it gives up, stops everything and says where to look.
      const second = await killFirestore(first);
      await killFirestore(second);
      expect(await run.exit, 'npm start exits with an error').not.toBe(0);
      expect(run.output).toMatch(
        /The Firestore emulator kept stopping unexpectedly \(3 times within a minute\); see .*firestore\.log\./,
      );
      await expectPortsFree();
      expect(readStackRecord()).toBeUndefined();
    } finally {
      if (!exited) await run.kill9();
    }
  });

  it('starts on 5,000 saved plants, answers All Plants and its searches, keeps reading while writes are saved, and sends a digest on its schedule', async () => {
    const dataDir = sampleDir;
    const { plantIds } = await sampleData;
    const started = Date.now();
    const stack = await startStack({ dataDir, persist: true, seed: true });
    const startMs = Date.now() - started;
    try {
      expect(stack.restored.data).toBe(true);
      console.log(
        `[launcher test] 5,000 saved plants (15,000 documents): the Firestore emulator answered with them after ${stack.restored.loadMs} ms, the whole stack after ${startMs} ms`,
      );
      expect(stack.restored.loadMs).toBeLessThan(30_000);
      // Saved plants but no saved accounts: the demo login works, and nothing is seeded over the data.
      await signIn(DEMO_ACCOUNT.email, DEMO_ACCOUNT.password);
      expect((await stack.db.collection('plants').count().get()).data().count).toBe(SAMPLE_PLANTS);

      // Writers at a person's pace (one write a second each), readers all the while.
      const writers = await Promise.all(
        [1, 2, 3, 4].map((n) =>
          createTestUser(null, { email: `large-${n}-${Date.now()}@example.test`, password, emailVerified: n === 1 }),
        ),
      );
      // The launcher's scheduler sends a digest as Cloud Scheduler and Cloud Tasks would: one writer
      // (the first, its address proven) with an overdue plant asks for it by email at the minute that
      // has begun (UTC), so it is due at once; it is looked for in the mail server's inbox at the end.
      const [reminded] = writers;
      const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
      await createPlantAs(reminded, {
        plantName: 'Launcher Fern',
        category: 'Herbs',
        wateringFrequency: 'Every 3 days',
        nextWateringDate: yesterday,
      });
      const settings = await api('PUT', '/mango/reminders/settings', {
        token: reminded.idToken,
        body: { timeZone: 'UTC', time: new Date().toISOString().slice(11, 16), channels: { push: false, email: true } },
      });
      expect(settings.status, JSON.stringify(settings.body)).toBe(200);
      // Warm up the Functions emulator's worker and the reads the test will make, so their first
      // start is not counted as a stall.
      for (let round = 0; round < 3; round += 1) {
        const warm = await Promise.all(plantIds.slice(0, 8).map((id) => api('GET', `/mango/${id}`)));
        expect(warm.map((r) => r.status)).toEqual(Array(8).fill(200));
      }
      // Those eight at once went to one worker, as to one Cloud Functions instance: up to the
      // function's concurrency (the Functions emulator's patch, docs/local-stack.md).
      expect(workersOf('api')).toBe(1);
      // The function runs on the Node.js it deploys on, whatever runs the launcher.
      expect(workerExecutables('api')).toEqual([fs.realpathSync(functionNode())]);
      // A burst at a function no request has started yet (as the Cloud Tasks emulator dispatches a
      // queue's digests, up to 200 at once): its workers start one at a time, each taking up to
      // the function's concurrency (16), instead of a worker per request (the Functions emulator's
      // patch, docs/local-stack.md). The task is refused (no uid), so nothing is sent or stored.
      const burst = await Promise.all(
        Array.from({ length: 24 }, () =>
          fetch(`${URLS.functionsEmulator}/${PROJECT_ID}/us-central1/sendDigest`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json' },
            body: JSON.stringify({ data: {} }),
            signal: AbortSignal.timeout(60_000),
          }).then((answer) => answer.status),
        ),
      );
      expect(
        burst.every((status) => status >= 400 && status < 600),
        `refused: ${burst}`,
      ).toBe(true);
      // Without the patch: 24 workers, whose starts on 2 cores passed the requests' 60 s.
      expect(workersOf('sendDigest'), 'workers started by 24 requests at once').toBeLessThanOrEqual(2);
      // All Plants through Hosting (warm, as above), as the browser asks: its first view (the page and the filter
      // options, sent together), and searches of one word and of several, with and without filters.
      /** @param {string[]} paths */
      const timed = async (paths) => {
        const begun = performance.now();
        const answers = await Promise.all(paths.map((route) => api('GET', route, { timeoutMs: 10_000 })));
        return { ms: performance.now() - begun, statuses: answers.map((answer) => answer.status) };
      };
      const views = {
        'first view': ['/mango?sort=nextWateringDate&dir=asc&limit=12', '/mango/facets'],
        'one gram': ['/mango?q=pla&limit=12'],
        'one word': ['/mango?q=sample&limit=12'],
        'several words': ['/mango?q=plant+12&limit=12'],
        'several words, a category': ['/mango?q=plant+1&category=fern&limit=12'],
        'one word, a care level': ['/mango?q=sample&care=easy&limit=12'],
        'two characters': ['/mango?q=zz&limit=12'],
      };
      for (const [view, paths] of Object.entries(views)) {
        // Once each: their budgets, with medians, live in the bench (`npm run bench`, All Plants at
        // 5,000: docs/benchmarks.md); here each request's own 10 s timeout bounds them against a hang.
        const { ms, statuses } = await timed(paths);
        console.log(`[launcher test] All Plants at 5,000 plants, ${view}: ${ms.toFixed(0)} ms`);
        expect(
          statuses.every((status) => status === 200),
          `${view} answers 200`,
        ).toBe(true);
      }

      // Reads through the API, and straight at the store, while every write is saved (an export of
      // the whole data set each time).
      /** @type {{ status: number, ms: number }[]} */
      const reads = [];
      /** @type {number[]} */
      const storeReads = [];
      let writing = true;
      const reader = (async () => {
        for (let i = 0; writing; i += 1) {
          const { status, ms } = await api('GET', `/mango/${plantIds[(i * 13) % plantIds.length]}`, {
            timeoutMs: 10_000,
          });
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
            statuses.push(
              (
                await api('POST', '/mango', {
                  token: writer.idToken,
                  body: { plantName: `Large ${n}-${i}`, category: 'Herbs' },
                })
              ).status,
            );
            await sleep(1000);
          }
          return statuses;
        }),
      );
      // The last save ends a few seconds after the last write: keep reading past it.
      await sleep(6000);
      writing = false;
      await Promise.all([reader, storeReader]);

      const viaApi = reads.map((r) => r.ms).sort((a, b) => a - b);
      const store = [...storeReads].sort((a, b) => a - b);
      const summary = (/** @type {number[]} */ sorted) =>
        `p50 ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, max ${sorted.at(-1)?.toFixed(0)} ms over ${sorted.length} reads`;
      console.log(
        `[launcher test] while 32 plants were added to 5,000: API reads ${summary(viaApi)}; store reads ${summary(store)}`,
      );
      expect(writes.flat().every((status) => status === 201)).toBe(true);
      expect(reads.length).toBeGreaterThan(50);
      expect(
        reads.filter((r) => r.status !== 200),
        'every read answered 200',
      ).toEqual([]);
      // A stall while the saver exports (what this checks for) held reads for many seconds; the
      // reads themselves take tens of milliseconds. Bounded at five times the budget of a read
      // (750 ms straight at the store, 1 s through the API), against a stall, not a slow machine.
      expect(store.at(-1), 'the slowest read straight at the store (ms)').toBeLessThan(5 * 750);
      expect(viaApi.at(-1), 'the slowest read through the API (ms)').toBeLessThan(5 * 1000);
      expect((await stack.db.collection('plants').count().get()).data().count).toBe(SAMPLE_PLANTS + 33);

      // The digest: the scheduler's next beat (once a minute) queues it, the task queue sends it.
      // Bounded against a hang at three beats.
      const address = settings.body.email;
      /** @type {{ subject: string, text: string } | undefined} */
      let digest;
      for (const until = Date.now() + 180_000; !digest && Date.now() < until; await sleep(2000)) {
        const inbox = await (await fetch(`${URLS.inbox}/api/email`)).json();
        digest = inbox.find((/** @type {any} */ mail) =>
          mail.to.some((/** @type {any} */ to) => to.address === address),
        );
      }
      expect(digest, `a digest mailed to ${address}`).toBeDefined();
      expect(digest?.subject).toBe('1 plant needs care today');
      expect(digest?.text).toContain('Launcher Fern');
    } finally {
      await stack.stop();
    }
  });
});

describe("finding Google's Firestore emulator", () => {
  const empty = () => tempDir('no-emulators');

  it("takes MANGO_FIRESTORE_EMULATOR first, then firebase-tools' cache (newest version), then the Debian package", () => {
    const cache = empty();
    for (const version of ['1.19.9', '1.22.0', '1.9.1'])
      fs.writeFileSync(path.join(cache, `cloud-firestore-emulator-v${version}.jar`), '');
    const given = path.join(empty(), 'emulator.jar');
    fs.writeFileSync(given, '');
    expect(findFirestoreEmulator({ [EMULATOR_ENV]: given, FIREBASE_EMULATORS_PATH: cache })).toEqual({
      jar: given,
      from: EMULATOR_ENV,
    });
    expect(findFirestoreEmulator({ FIREBASE_EMULATORS_PATH: cache })).toEqual({
      jar: path.join(cache, 'cloud-firestore-emulator-v1.22.0.jar'),
      from: "firebase-tools' cache",
    });
    const debian = empty();
    fs.writeFileSync(path.join(debian, 'cloud-firestore-emulator.jar'), '');
    fs.writeFileSync(path.join(debian, 'cloud_firestore_emulator'), '');
    expect(findFirestoreEmulator({ FIREBASE_EMULATORS_PATH: empty() }, { debianDir: debian })).toEqual({
      jar: path.join(debian, 'cloud-firestore-emulator.jar'),
      from: 'the google-cloud-cli-firestore-emulator package',
    });
    // The Cloud CLI's script or its folder name the jar beside it.
    expect(findFirestoreEmulator({ [EMULATOR_ENV]: path.join(debian, 'cloud_firestore_emulator') }).jar).toBe(
      path.join(debian, 'cloud-firestore-emulator.jar'),
    );
    expect(findFirestoreEmulator({ [EMULATOR_ENV]: debian }).jar).toBe(
      path.join(debian, 'cloud-firestore-emulator.jar'),
    );
  });

  it('says in one sentence what to install when there is none, or what is wrong with the one given', () => {
    expect(() => findFirestoreEmulator({ FIREBASE_EMULATORS_PATH: empty() }, { debianDir: empty() })).toThrow(
      new FirestoreEmulatorError(INSTALL_HINT),
    );
    expect(INSTALL_HINT).toMatch(
      /^Google's Cloud Firestore emulator was not found\. Install it with `sudo apt-get install google-cloud-cli-firestore-emulator`/,
    );
    expect(() => findFirestoreEmulator({ [EMULATOR_ENV]: '/nowhere/emulator.jar' })).toThrow(
      `${EMULATOR_ENV} is set to /nowhere/emulator.jar, which does not exist.`,
    );
  });

  it('says so in one sentence when Java is missing', async () => {
    const attempt = startFirestoreEmulator({
      copy: findFirestoreEmulator(),
      host: '127.0.0.1',
      port: PORTS.firestore.port,
      projectId: PROJECT_ID,
      rulesFile: 'firestore.rules',
      logFile: path.join(empty(), 'firestore.log'),
      timeoutMs: 10_000,
      env: { JAVA_HOME: '/nowhere' },
    });
    await expect(attempt).rejects.toThrow(
      /^Google's Cloud Firestore emulator needs Java, and `\/nowhere\/bin\/java` was not found/,
    );
  });
});

/** How many plants the running stack's store holds, asked of the Firestore emulator itself. */
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
