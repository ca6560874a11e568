import { fork } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOG_DIR, SNAPSHOT_FILE } from './firestore-data.mjs';
import { writeSampleDataDir } from './sample-data.mjs';

// The stand-in process on its own, on a port of its own: what it saves, how it keeps answering
// while it does, and what survives a kill -9.
const PROJECT_ID = 'demo-mango-grove';
const STANDIN = path.join(path.dirname(fileURLToPath(import.meta.url)), 'firestore-standin.mjs');

/** @returns {Promise<number>} */
async function freePort() {
  const server = net.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {net.AddressInfo} */ (server.address());
  await new Promise((resolve) => server.close(() => resolve(undefined)));
  return port;
}

/** @type {number} */
let port;
/** @type {import('firebase-admin/firestore').Firestore} */
let db;
/** @type {import('firebase-admin/app').App} */
let adminApp;
/** @type {string[]} */
const dirs = [];

beforeAll(async () => {
  port = await freePort();
  process.env.FIRESTORE_EMULATOR_HOST = `127.0.0.1:${port}`;
  const { initializeApp } = await import('firebase-admin/app');
  const { getFirestore } = await import('firebase-admin/firestore');
  adminApp = initializeApp({ projectId: PROJECT_ID }, `standin-test-${Date.now()}`);
  db = getFirestore(adminApp);
});
afterAll(async () => {
  const { deleteApp } = await import('firebase-admin/app');
  await deleteApp(adminApp);
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mango-standin-test-'));
  dirs.push(dir);
  return dir;
};

/**
 * @param {string} dataDir
 * @param {number} [compactAfterBytes]
 */
async function startStandin(dataDir, compactAfterBytes) {
  const child = fork(STANDIN, [JSON.stringify({ port, projectId: PROJECT_ID, dataDir, compactAfterBytes })], { execArgv: [], stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  const exit = new Promise((resolve) => child.once('exit', resolve));
  /** @type {{ documents: number, loadMs: number }} */
  const ready = await new Promise((resolve, reject) => {
    child.once('message', (/** @type {any} */ message) => (message.type === 'ready' ? resolve(message) : reject(new Error(message.message))));
    void exit.then(() => reject(new Error('the stand-in exited while starting')));
  });
  return {
    child,
    ready,
    exit,
    async stop() {
      child.send({ type: 'stop' });
      await exit;
    },
    async kill9() {
      child.kill('SIGKILL');
      await exit;
    },
  };
}

/** @param {number[]} values @param {number} p */
const percentile = (values, p) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))] ?? 0;

describe('the Firestore stand-in process', () => {
  it('keeps answering reads in well under a second while thousands of writes are saved and compacted', async () => {
    const dataDir = tempDir();
    const { plantIds } = writeSampleDataDir(dataDir, 5000, { ownerUid: 'owner', userEmail: 'owner@example.test', userName: 'Owner' });
    // A small compaction threshold, so the run seals and compacts the log several times.
    const standin = await startStandin(dataDir, 512 * 1024);
    try {
      expect(standin.ready.documents).toBe(15_001); // and the migrations marker
      /** @type {number[]} */
      const latencies = [];
      let writing = true;
      const reader = (async () => {
        for (let i = 0; writing; i += 1) {
          const started = performance.now();
          const snapshot = await db.doc(`plants/${plantIds[(i * 7) % plantIds.length]}`).get();
          latencies.push(performance.now() - started);
          expect(snapshot.exists).toBe(true);
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      })();
      for (let round = 0; round < 30; round += 1) {
        const batch = db.batch();
        for (let i = 0; i < 100; i += 1) batch.update(db.doc(`plants/${plantIds[round * 100 + i]}`), { healthStatus: `Round ${round}` });
        await batch.commit();
      }
      // Let the last compaction run while reads go on.
      await new Promise((resolve) => setTimeout(resolve, 1500));
      writing = false;
      await reader;

      const snapshot = JSON.parse(fs.readFileSync(path.join(dataDir, SNAPSHOT_FILE), 'utf8'));
      expect(snapshot.log, 'the log was compacted into the snapshot while the stand-in ran').toBeGreaterThan(1);
      expect(latencies.length).toBeGreaterThan(50);
      expect(Math.max(...latencies), `read latencies (ms): p50 ${percentile(latencies, 50).toFixed(0)}, p99 ${percentile(latencies, 99).toFixed(0)}`).toBeLessThan(800);
      expect(percentile(latencies, 50)).toBeLessThan(100);
    } finally {
      await standin.stop();
    }
    const restarted = await startStandin(dataDir);
    try {
      expect(restarted.ready.documents).toBe(15_001);
      expect((await db.doc(`plants/${plantIds[2999]}`).get()).get('healthStatus')).toBe('Round 29');
      expect((await db.doc(`plants/${plantIds[3000]}`).get()).get('healthStatus')).not.toMatch(/^Round/);
    } finally {
      await restarted.stop();
    }
    expect(fs.readdirSync(path.join(dataDir, LOG_DIR)), 'a clean stop leaves everything in the snapshot').toEqual([]);
  });

  it('loses no acknowledged write to a kill -9, whenever it comes', async () => {
    const dataDir = tempDir();
    for (const killAfterMs of [400, 1300]) {
      const standin = await startStandin(dataDir, 64 * 1024);
      /** @type {Map<string, number | null>} what each acknowledged write left: a plant's round, or null once deleted */
      const acknowledged = new Map();
      /** @type {Map<string, number | null>} a write the kill cut off: it may or may not be stored (the client retries it into the next stand-in) */
      const unanswered = new Map();
      let stopped = false;
      const killed = new Promise((resolve) => setTimeout(resolve, killAfterMs)).then(async () => {
        stopped = true;
        await standin.kill9();
        return /** @type {const} */ ('killed');
      });
      // Four writers at once, so writes are in flight when the kill comes.
      await Promise.all(
        [0, 1, 2, 3].map(async (writer) => {
          for (let round = 0; !stopped; round += 1) {
            const id = `kill-${killAfterMs}-w${writer}-${round % 25}`;
            const value = round % 7 === 6 ? null : round;
            const write = value === null ? db.doc(`plants/${id}`).delete() : db.doc(`plants/${id}`).set({ writer, round, note: 'x'.repeat(200) });
            const outcome = await Promise.race([write.then(() => 'stored', () => 'failed'), killed]);
            if (outcome !== 'stored' || stopped) {
              unanswered.set(id, value);
              return;
            }
            acknowledged.set(id, value);
          }
        }),
      );
      await killed;
      expect(acknowledged.size).toBeGreaterThan(20);

      const restarted = await startStandin(dataDir, 64 * 1024);
      try {
        for (const [id, round] of acknowledged) {
          const snapshot = await db.doc(`plants/${id}`).get();
          const stored = snapshot.exists ? snapshot.get('round') : null;
          const allowed = unanswered.has(id) ? [round, unanswered.get(id)] : [round];
          expect(allowed, `${id}: stored ${stored}, acknowledged ${round}`).toContain(stored);
        }
      } finally {
        await restarted.stop();
      }
    }
  });
});
