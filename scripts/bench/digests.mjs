// The daily digests at size: `people` accounts with email digests due now, each with a plant due,
// sent by the real path of the local stack (the scheduled function, called as Cloud Scheduler
// calls it, the Cloud Tasks emulator, the Functions emulator, the mail server), timed from the
// scheduled call to the last digest claimed (or, at a size the emulator cannot send within the
// window, how many it sent in it); and the Firestore reads and time of one digest, from a sample
// sent by the built function's own jobs in a process of its own with a tally of their reads.
import { spawn } from 'node:child_process';
import { FieldPath } from 'firebase-admin/firestore';
import path from 'node:path';
import { runScheduledFunction } from '../lib/scheduler.mjs';
import { samplePlants, writeDocuments } from '../lib/sample-data.mjs';
import { PROJECT_ID, ROOT, URLS } from '../lib/stack.mjs';

/**
 * Sends digests with the built function's jobs in a process of its own (digest-run.mjs), as a
 * function instance would, and answers what each read.
 * @param {string} day @param {string} dueAt @param {string[]} uids
 * @returns {Promise<{ documents: number, aggregations: number, ms: number }[]>}
 */
function digestsInOwnProcess(day, dueAt, uids) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts/bench/digest-run.mjs'), day, dueAt, ...uids], {
      env: process.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.once('exit', (code) =>
      code === 0
        ? resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '[]'))
        : reject(new Error(`digest-run exited ${code}`)),
    );
  });
}

/** @param {number} ms */
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Accounts with a plant due and email digests due at `dueAt` (or later, for the sample).
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {import('firebase-admin/auth').Auth} auth
 * @param {string} prefix
 * @param {number} count
 * @param {Date} dueAt
 */
async function digestPeople(db, auth, prefix, count, dueAt) {
  /** @type {string[]} */
  const uids = [];
  /** @type {[string, Record<string, unknown>][]} */
  const documents = [];
  const time = `${String(dueAt.getUTCHours()).padStart(2, '0')}:${String(dueAt.getUTCMinutes()).padStart(2, '0')}`;
  for (let start = 0; start < count; start += 1000) {
    const users = [];
    for (let i = start; i < Math.min(count, start + 1000); i += 1) {
      const uid = `${prefix}-${i}`;
      uids.push(uid);
      users.push({ uid, email: `${uid}@example.test`, displayName: `Bench Gardener ${i}`, emailVerified: true });
      const owner = { ownerUid: uid, userEmail: `${uid}@example.test`, userName: `Bench Gardener ${i}` };
      documents.push(...samplePlants(1, owner).documents);
      documents.push([
        `reminderSettings/${uid}`,
        {
          timeZone: 'UTC',
          time,
          channels: { push: false, email: true },
          quietHours: null,
          nextDigestAt: dueAt,
          unsubscribeToken: `bench-${uid}`,
          updatedAt: new Date(),
        },
      ]);
    }
    const imported = await auth.importUsers(users);
    if (imported.failureCount) throw new Error(`${imported.failureCount} bench accounts were not made`);
  }
  await writeDocuments(db, documents);
  return uids;
}

/**
 * @param {import('firebase-admin/firestore').Firestore} db
 * @param {import('firebase-admin/auth').Auth} auth
 * @param {number} people
 * @param {number} windowMs how long to wait for them all: the emulator reads every plant for each
 *   person's due query (Firestore reads an index), so at 10,000 it sends far slower than Firestore
 *   would, and the bench reports what it sent in the window rather than wait hours
 */
export async function benchDigests(db, auth, people, windowMs) {
  const stamp = Date.now().toString(36);
  // The sample first, due in an hour, so that no scheduled run takes it: its digests are sent here.
  const sampleSize = 20;
  const later = new Date(Date.now() + 60 * 60_000);
  const sample = await digestPeople(db, auth, `bench-sample-${stamp}`, sampleSize, later);
  const tallies = await digestsInOwnProcess(later.toISOString().slice(0, 10), later.toISOString(), sample);
  const reads = tallies.map((tally) => tally.documents);
  const aggregations = tallies.map((tally) => tally.aggregations);
  const sampleMs = tallies.map((tally) => Math.round(tally.ms));

  // The real path, at size: due a minute ago.
  const dueAt = new Date(Date.now() - 60_000);
  const written = Date.now();
  const uids = await digestPeople(db, auth, `bench-digest-${stamp}`, people, dueAt);
  const writeSeconds = (Date.now() - written) / 1000;
  const today = new Date().toISOString().slice(0, 10);
  const claimed = async () =>
    (
      await db
        .collection('reminderSettings')
        .where('lastDigestDay', '==', today)
        .where(FieldPath.documentId(), '>=', `bench-digest-${stamp}`)
        .where(FieldPath.documentId(), '<', `bench-digest-${stamp}~`)
        .count()
        .get()
    ).data().count;
  const started = Date.now();
  const status = await runScheduledFunction({
    emulatorUrl: URLS.functionsEmulator,
    projectId: PROJECT_ID,
    name: 'queueDigests',
    region: 'us-central1',
    scheduledAt: new Date(),
  });
  const tickMs = Date.now() - started;
  let done = 0;
  /** The claimed count each half minute: the sending rate over the window. */
  const progress = [];
  let nextMark = started + 30_000;
  for (const deadline = started + windowMs; Date.now() < deadline;) {
    done = await claimed();
    if (Date.now() >= nextMark) {
      progress.push({ seconds: Math.round((Date.now() - started) / 1000), claimed: done });
      nextMark += 30_000;
    }
    if (done >= uids.length) break;
    await sleep(2000);
  }
  const allMs = Date.now() - started;
  const inbox = await fetch(`${URLS.inbox}/api/email`)
    .then((answer) => answer.json())
    .then((mails) => mails.length)
    .catch(() => null);
  return {
    people,
    writeSeconds,
    tick: { status, ms: tickMs },
    claimed: done,
    complete: done >= uids.length,
    windowMinutes: windowMs / 60_000,
    sendMinutes: allMs / 60_000,
    perSecond: done / (allMs / 1000),
    progress,
    sample: { size: sampleSize, reads, aggregations, ms: sampleMs },
    mailsInInbox: inbox,
  };
}
