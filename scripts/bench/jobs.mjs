// The work done outside requests: a deleted plant's purge (plant-purge.mjs) and the email digests
// (digests.mjs) at size.
import { benchDigests } from './digests.mjs';
import { benchPlantPurge } from './plant-purge.mjs';
import { broken, say } from './common.mjs';

/** A deleted plant's history, far more than one commit deletes or one request should read. */
const PURGE_EVENTS = 20_000;
/** People whose email digests are due at once. */
const DIGEST_PEOPLE = Number(process.env.BENCH_DIGEST_PEOPLE ?? 10_000);
/** How long the bench waits for them (digests.mjs says why it need not wait for all). */
const DIGEST_MINUTES = Number(process.env.BENCH_DIGEST_MINUTES ?? 4);

/**
 * The work done outside requests (see the top of this file).
 * @param {import('firebase-admin/firestore').Firestore} db
 */
export async function benchJobs(db) {
  say(`jobs: a deleted plant's purge at ${PURGE_EVENTS.toLocaleString('en-US')} events`);
  const purge = await benchPlantPurge(db, PURGE_EVENTS);
  if (!purge.finished || purge.purge.left) broken.push(`the purge of ${PURGE_EVENTS} events left something behind`);
  if (purge.deleteStatus !== 200)
    broken.push(`DELETE of a plant with ${PURGE_EVENTS} events answered ${purge.deleteStatus}`);
  say(`jobs: the email digests of ${DIGEST_PEOPLE.toLocaleString('en-US')} people due at once`);
  const { getAuth } = await import('firebase-admin/auth');
  const { getApps } = await import('firebase-admin/app');
  const digests = await benchDigests(db, getAuth(getApps()[0]), DIGEST_PEOPLE, DIGEST_MINUTES * 60_000);
  if (digests.tick.status !== 200) broken.push(`the digests' scheduled run answered ${digests.tick.status}`);
  if (digests.claimed === 0) broken.push(`no digest of ${DIGEST_PEOPLE} was sent in ${DIGEST_MINUTES} minutes`);
  return { purge, digests };
}
