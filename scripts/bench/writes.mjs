// A person's bursts of writes on Google's emulator, straight at the function.
import { randomUUID } from 'node:crypto';
import { URLS } from '../lib/stack.mjs';
import { BUDGET, broken, functionCall, median, newAccount, say } from './common.mjs';

/**
 * A person's bursts of writes on Google's emulator, straight at the function, as the web app sends
 * them (features/care/api/): "Do all due" on 20 due waterings (one POST /mango/care), 8 single
 * Watered taps of one account at once (POST /mango/:id/care/water, each with its job id), and an
 * import of 500 plants; each on fresh accounts, the median of ROUNDS. After each: every answer's
 * status, and whether the account's plant count and every plant's history are exactly what was asked.
 * @param {import('firebase-admin/firestore').Firestore} db
 */
export async function benchWrites(db) {
  const ROUNDS = 5;
  const today = new Date().toISOString().slice(0, 10);
  const csv = (/** @type {number} */ count) =>
    [
      'plantName,category,wateringFrequency,lastWateredDate,nextWateringDate',
      ...Array.from({ length: count }, (_, i) => `Due ${i},fern,Every 3 days,2026-01-01,2026-01-04`),
    ].join('\n');
  const importPlants = async (/** @type {{ token: string }} */ account, /** @type {number} */ count) => {
    const answer = await functionCall('POST', '/mango/import?dryRun=0', account.token, csv(count), 'text/csv');
    return {
      ...answer,
      ids: /** @type {string[]} */ ((answer.body.plants ?? []).map((/** @type {any} */ p) => p._id)),
    };
  };
  const plantCount = async (/** @type {string} */ uid) => (await db.doc(`accounts/${uid}`).get()).get('plantCount');
  const wateredOnce = async (/** @type {string[]} */ ids) =>
    (
      await Promise.all(
        ids.map(
          async (id) =>
            (await db.collection(`plants/${id}/events`).where('type', '==', 'watered').count().get()).data().count,
        ),
      )
    ).every((n) => n === 1);

  // Eight at once first, so the rounds below time the API and not the start of the emulator's worker.
  await Promise.all(Array.from({ length: 8 }, () => fetch(`${URLS.function}/mango/warm-up-no-such-plant`)));

  /** @type {{ doAllDue: number[], singles: number[], import: number[], statuses: number[], exact: boolean[] }} */
  const seen = { doAllDue: [], singles: [], import: [], statuses: [], exact: [] };
  for (let round = 0; round < ROUNDS; round += 1) {
    say(`writes: round ${round + 1}/${ROUNDS}`);
    const gardener = await newAccount('writes');
    const due = await importPlants(gardener, 20);
    const started = performance.now();
    const items = due.ids.map((plantId) => ({ plantId, task: 'water' }));
    const watered = await functionCall('POST', '/mango/care', gardener.token, { items, date: today });
    seen.doAllDue.push(performance.now() - started);
    seen.statuses.push(due.status, watered.status);
    seen.exact.push((await plantCount(gardener.uid)) === 20 && (await wateredOnce(due.ids)));

    const tapper = await newAccount('writes');
    const eight = await importPlants(tapper, 8);
    const begun = performance.now();
    const singles = await Promise.all(
      eight.ids.map((id) =>
        functionCall('POST', `/mango/${id}/care/water`, tapper.token, { date: today, jobId: randomUUID() }),
      ),
    );
    seen.singles.push(performance.now() - begun);
    seen.statuses.push(eight.status, ...singles.map((answer) => answer.status));
    seen.exact.push((await plantCount(tapper.uid)) === 8 && (await wateredOnce(eight.ids)));

    const importer = await newAccount('writes');
    const imported = await importPlants(importer, 500);
    seen.import.push(imported.ms);
    seen.statuses.push(imported.status);
    seen.exact.push(
      (await plantCount(importer.uid)) === 500 &&
        (await db.collection('plants').where('ownerUid', '==', importer.uid).count().get()).data().count === 500,
    );
  }
  const results = {
    rounds: ROUNDS,
    doAllDue20Ms: Math.round(median(seen.doAllDue)),
    eightSinglesMs: Math.round(median(seen.singles)),
    import500Ms: Math.round(median(seen.import)),
    serverErrors: seen.statuses.filter((status) => status >= 500).length,
    refused: seen.statuses.filter((status) => status >= 400 && status < 500).length,
    exact: seen.exact.every(Boolean),
  };
  if (results.doAllDue20Ms > BUDGET.doAllDue20Ms)
    broken.push(`"Do all due" with 20 waterings took ${results.doAllDue20Ms} ms (budget ${BUDGET.doAllDue20Ms} ms)`);
  if (results.serverErrors || results.refused)
    broken.push(`a person's bursts of writes answered ${results.serverErrors} 5xx and ${results.refused} 4xx`);
  if (!results.exact)
    broken.push("a person's bursts of writes left a plant count or a plant's history other than asked");
  return results;
}
