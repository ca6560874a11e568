import type { Express } from 'express';
import Papa from 'papaparse';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { ACCOUNTS_COLLECTION } from '../src/accounts/accounts.repository';
import { ACTIVITY_COLLECTION } from '../src/activity/activity.repository';
import { getDb } from '../src/lib/firebase';
import { READS_HEADER } from '../src/lib/read-meter';
import { testApp } from './support/app';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlantCount } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

/*
 * What imports and exports spend of the account's daily allowances (config/limits.ts): imports one
 * write of `importWrites` per document they create, exports and imports one read of `bulkReads`
 * per document they read. Small allowances, injected, and a clock the test moves, so every figure
 * is exact.
 */

const DAY_S = 24 * 60 * 60;

const limitedApp = testApp.limited;

const importAs = (app: Express, user: TestUser, body: string, type: 'text/csv' | 'application/json', dryRun = false) =>
  request(app)
    .post('/mango/import')
    .query({ dryRun: dryRun ? '1' : '0' })
    .set(bearer(user))
    .set('Content-Type', type)
    .send(body);

const csvOf = (count: number, label: string) =>
  Papa.unparse(Array.from({ length: count }, (_, i) => ({ plantName: `${label} ${i + 1}`, category: 'fern' })));

/** A note event as an export gives it. */
const aNote = (i: number) => ({
  type: 'note',
  at: `2026-05-0${i}T08:00:00.000Z`,
  date: `2026-05-0${i}`,
  text: `Note ${i}`,
  lastWateredDate: null,
  nextWateringDate: null,
});

/** What the user has stored and spent, to check that a refused request changed none of it. */
async function footprint(user: TestUser) {
  const account = (await getDb().collection(ACCOUNTS_COLLECTION).doc(user.uid).get()).data();
  return {
    plants: await storedPlantCount(user.uid),
    activity: (await getDb().collection(ACTIVITY_COLLECTION).where('ownerUid', '==', user.uid).get()).size,
    plantCount: account?.plantCount as number | undefined,
    writeTokens: account?.tokens as number | undefined,
    importWrites: account?.importWrites?.tokens as number | undefined,
    bulkReads: account?.bulkReads?.tokens as number | undefined,
  };
}

describe('POST /mango/import: the import allowance', () => {
  it('spends one write per document created (each plant, each event of its history, its activity record): what is left just fits, then the next is refused', async () => {
    // 13 a day: a plant of 4 notes (6 documents) and one without history (3), then one more plant (3).
    const { app } = limitedApp({ importWritesPerDay: 13 });
    const user = await createTestUser('Counted Importer');
    const file = JSON.stringify({
      plants: [aPlant({ plantName: 'Noted', events: [4, 3, 2, 1].map(aNote) }), aPlant({ plantName: 'Plain' })],
    });
    await importAs(app, user, file, 'application/json').expect(200, /"created":2/);
    expect(await footprint(user)).toMatchObject({ plants: 2, plantCount: 2, importWrites: 4, writeTokens: 29 });
    await importAs(app, user, csvOf(1, 'Fits'), 'text/csv').expect(200, /"created":1/);
    expect((await footprint(user)).importWrites).toBe(1);
    const refused = await importAs(app, user, csvOf(1, 'Late'), 'text/csv').expect(429);
    expect(refused.body).toEqual({
      error: {
        code: 'rate_limited',
        message:
          'This import writes 3 documents (each plant, each event of its history, and its activity record), and only 1 of the 13 documents your account may import a day is left now. Please try again in about 4 hours, or import fewer plants at a time.',
      },
    });
    // 2 more at 13 a day.
    expect(refused.headers['retry-after']).toBe(String(Math.ceil((2 * DAY_S) / 13)));
  });

  it('refuses an import past what is left whole: 429 with Retry-After, no plant stored, the count and every budget unchanged; accepted once refilled', async () => {
    const { app, advance } = limitedApp({ importWritesPerDay: 10 });
    const user = await createTestUser('Greedy Importer');
    await createPlantAs(app, user, aPlant({ plantName: 'Kept' }));
    await importAs(app, user, csvOf(2, 'First'), 'text/csv').expect(200);
    const before = await footprint(user);
    expect(before).toMatchObject({ plants: 3, plantCount: 3, importWrites: 4 });

    const refused = await importAs(app, user, csvOf(2, 'Second'), 'text/csv').expect(429);
    expect(refused.body.error.code).toBe('rate_limited');
    expect(refused.body.error.message).toMatch(
      /^This import writes 6 documents .* only 4 of the 10 documents your account may import a day are left now\./,
    );
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBe(Math.ceil((2 * DAY_S) / 10));
    expect(refused.headers['cache-control']).toBe('no-store');
    expect(await footprint(user)).toEqual(before);

    advance(retryAfter - 60);
    await importAs(app, user, csvOf(2, 'Second'), 'text/csv').expect(429);
    expect(await footprint(user)).toEqual(before);
    advance(60);
    await importAs(app, user, csvOf(2, 'Second'), 'text/csv').expect(200, /"created":2/);
    expect(await footprint(user)).toMatchObject({ plants: 5, plantCount: 5 });
  });

  it('refuses a file larger than the whole allowance as one that can never fit, storing nothing', async () => {
    const { app } = limitedApp({ importWritesPerDay: 10 });
    const user = await createTestUser('Oversized Importer');
    const refused = await importAs(app, user, csvOf(4, 'Big'), 'text/csv').expect(429);
    expect(refused.body.error.message).toBe(
      'This import writes 12 documents (each plant, each event of its history, and its activity record): more than the 10 documents your account may import a day, so it can never be done at once. Split the file and import its parts on different days.',
    );
    expect(refused.headers['retry-after']).toBe(String(Math.ceil((12 * DAY_S) / 10)));
    expect(await footprint(user)).toEqual({ plants: 0, activity: 0 });
  });
});

describe('the read allowance of exports and import checks', () => {
  it('charges an export what it read: a second export past what is left is refused up front, and a CSV export costs only the plants', async () => {
    // Two plants with one event each: a JSON export reads 4 documents, a CSV export 2.
    const { app, advance } = limitedApp({ bulkReadsPerDay: 7 });
    const user = await createTestUser('Exporting Reader');
    await createPlantAs(app, user, aPlant({ plantName: 'One' }));
    await createPlantAs(app, user, aPlant({ plantName: 'Two' }));

    const json = await request(app).get('/mango/export').query({ format: 'json' }).set(bearer(user)).expect(200);
    expect(JSON.parse(json.text).plants).toHaveLength(2);
    // What it was charged is what the read meter counted.
    expect(json.headers[READS_HEADER.toLowerCase()]).toBe('documents=4, aggregations=0');
    expect((await footprint(user)).bulkReads).toBe(3);

    await request(app).get('/mango/export').query({ format: 'csv' }).set(bearer(user)).expect(200);
    expect((await footprint(user)).bulkReads).toBe(1);

    const before = await footprint(user);
    const refused = await request(app).get('/mango/export').query({ format: 'json' }).set(bearer(user)).expect(429);
    expect(refused.body).toEqual({
      error: {
        code: 'rate_limited',
        message:
          'This export reads at least 4 documents (your plants and their histories), and only 1 of the 7 documents your account may read a day in exports and imports is left now. Please try again in about 11 hours.',
      },
    });
    expect(refused.headers['retry-after']).toBe(String(Math.ceil((3 * DAY_S) / 7)));
    expect(await footprint(user)).toEqual(before);

    advance(Number(refused.headers['retry-after']));
    await request(app).get('/mango/export').query({ format: 'json' }).set(bearer(user)).expect(200);
    expect((await footprint(user)).bulkReads).toBeCloseTo(0, 3);
  });

  it('charges a dry run, and a real import, one read per _id it looks up; a file without ids reads nothing and spends nothing', async () => {
    const { app } = limitedApp({ bulkReadsPerDay: 5 });
    const user = await createTestUser('Checking Reader');
    const ids = [
      await createPlantAs(app, user, aPlant({ plantName: 'Mine 1' })),
      await createPlantAs(app, user, aPlant({ plantName: 'Mine 2' })),
    ];
    const withIds = Papa.unparse(ids.map((_id, i) => ({ plantName: `Mine ${i + 1}`, category: 'fern', _id })));

    await importAs(app, user, withIds, 'text/csv', true).expect(200, /"skipped":2/);
    expect((await footprint(user)).bulkReads).toBe(3);
    await importAs(app, user, csvOf(3, 'No id'), 'text/csv', true).expect(200, /"created":3/);
    expect((await footprint(user)).bulkReads).toBe(3);
    await importAs(app, user, withIds, 'text/csv').expect(200, /"skipped":2/);
    expect((await footprint(user)).bulkReads).toBe(1);

    const before = await footprint(user);
    const refused = await importAs(app, user, withIds, 'text/csv', true).expect(429);
    expect(refused.body.error.message).toBe(
      'Checking this file reads 2 documents, one for each _id, to find the plants you keep already, and only 1 of the 5 documents your account may read a day in exports and imports is left now. Please try again in about 5 hours.',
    );
    expect(refused.headers['retry-after']).toBe(String(Math.ceil(DAY_S / 5)));
    expect(await footprint(user)).toEqual(before);
  });
});
