// A deleted plant's purge at size: its history written straight into the store, then the purge
// (plants/plant-purge.service.ts) run as the purgePlant task runs it, in a process of its own
// (purge-run.mjs), for its time and peak memory; and the whole path through the stack, from the
// DELETE to nothing left (the Cloud Tasks emulator dispatching to the Functions emulator).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ROOT, URLS } from '../lib/stack.mjs';
import { createTestUser, uniqueEmail } from '../lib/test-users.mjs';

/**
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {string} plantId
 * @param {number} events
 */
async function writeHistory(db, plantId, events) {
  const writer = db.bulkWriter({ throttling: false });
  const history = db.collection(`plants/${plantId}/events`);
  for (let i = 0; i < events; i += 1)
    void writer.create(history.doc(), {
      type: 'note',
      at: new Date(Date.UTC(2020, 0, 1) + i * 60_000),
      revision: i + 2,
      date: '2020-01-01',
      text: `Note ${i} of a long history`,
      lastWateredDate: null,
      nextWateringDate: null,
    });
  await writer.close();
}

/** @param {string} plantId @returns {Promise<{ ms: number, rssBeforeMb: number, rssPeakMb: number }>} */
function purgeInOwnProcess(plantId) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/bench/purge-run.mjs'), plantId], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '{}'))
        : reject(new Error(`purge-run exited ${code}`)),
    );
  });
}

/**
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {number} events
 */
export async function benchPlantPurge(db, events) {
  // The purge on its own: a plant already deleted, its history left to purge.
  const alone = db.collection('plants').doc().id;
  await writeHistory(db, alone, events);
  await db.collection('plantPurges').doc(alone).set({ plantId: alone, ownerUid: null, deletedAt: new Date() });
  const purge = await purgeInOwnProcess(alone);
  const left = (await db.collection(`plants/${alone}/events`).limit(1).get()).size;

  // The whole path: a user's plant, its history, the DELETE through Hosting, then the task.
  const owner = await createTestUser(null, { email: uniqueEmail('bench-purge'), photoURL: null });
  const created = await fetch(`${URLS.hosting}/mango`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${owner.idToken}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ plantName: 'Long-kept fern', category: 'fern' }),
  }).then((r) => r.json());
  const id = created.insertedId;
  await writeHistory(db, id, events);
  const deleteStarted = performance.now();
  const answer = await fetch(`${URLS.hosting}/mango/${id}`, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${owner.idToken}` },
  });
  const deleteMs = performance.now() - deleteStarted;
  const hang = Date.now() + 10 * 60_000;
  while ((await db.collection('plantPurges').doc(id).get()).exists && Date.now() < hang)
    await new Promise((resolve) => setTimeout(resolve, 500));
  const endToEndMs = performance.now() - deleteStarted;
  return {
    events,
    purge: { ...purge, left },
    deleteStatus: answer.status,
    deleteMs: Math.round(deleteMs),
    endToEndMs: Math.round(endToEndMs),
    finished: !(await db.collection('plantPurges').doc(id).get()).exists,
  };
}
