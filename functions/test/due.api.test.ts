import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { dueJobs, type DuePage, type Plant } from '../src/model';
import { READS_HEADER } from '../src/lib/read-meter';
import { testApp } from './support/app';
import { aPlant } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();

const due = (user: TestUser, query: Record<string, string | number>) =>
  request(app).get('/mango/due').query(query).set(bearer(user));

/** The documents and aggregations an answer says it read. */
function readsOf(response: { headers: Record<string, string> }): { documents: number; aggregations: number } {
  const match = /^documents=(\d+), aggregations=(\d+)$/.exec(response.headers[READS_HEADER.toLowerCase()] ?? '');
  expect(match, 'the answer says what it read').not.toBeNull();
  return { documents: Number(match![1]), aggregations: Number(match![2]) };
}

/** A plant with these next dates: watering, and care tasks. */
const dueOn = (plantName: string, nextWateringDate: string | undefined, care: Record<string, string> = {}) =>
  aPlant({
    plantName,
    wateringFrequency: 'Every 3 days',
    lastWateredDate: undefined,
    nextWateringDate,
    care: Object.fromEntries(
      Object.entries(care).map(([task, nextDate]) => [task, { frequency: 'Monthly', nextDate }]),
    ),
  });

describe('GET /mango/due', () => {
  it("answers the caller's plants with a job (watering or a care task) due by `until`, soonest first, and how many", async () => {
    const [owner, other] = await Promise.all([createTestUser('Due Gardener'), createTestUser('Other Due Gardener')]);
    const ids = {
      overdueWater: await createPlantAs(app, owner, dueOn('Overdue Fern', '2026-03-01')),
      careOnly: await createPlantAs(app, owner, dueOn('Fertilize Only', undefined, { fertilize: '2026-03-02' })),
      both: await createPlantAs(
        app,
        owner,
        dueOn('Both Palm', '2026-03-09', { mist: '2026-03-04', repot: '2027-01-01' }),
      ),
      today: await createPlantAs(app, owner, dueOn('Today Ivy', '2026-03-05')),
      later: await createPlantAs(app, owner, dueOn('Later Cactus', '2026-03-06', { prune: '2026-04-01' })),
      // A frequency the server cannot read gives no next date: nothing ever comes due.
      never: await createPlantAs(app, owner, {
        ...dueOn('Dateless Moss', undefined),
        wateringFrequency: 'when the soil is dry',
      }),
    };
    await createPlantAs(app, other, dueOn('Not Mine', '2026-03-01'));

    const response = await due(owner, { until: '2026-03-05' }).expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    const page = response.body as DuePage<Plant>;
    expect(page.plants.map((plant) => plant._id)).toEqual([ids.overdueWater, ids.careOnly, ids.both, ids.today]);
    expect(page).toMatchObject({ nextCursor: null, total: 4 });
    // The owner's view: a client lists a row per job due from it.
    expect(page.plants[2]).toMatchObject({ ownerUid: owner.uid, care: { mist: { nextDate: '2026-03-04' } } });
    expect(
      page.plants.flatMap((plant) => dueJobs(plant, '2026-03-05').map((job) => `${plant.plantName}: ${job.job}`)),
    ).toEqual(['Overdue Fern: water', 'Fertilize Only: fertilize', 'Both Palm: mist', 'Today Ivy: water']);
    // The caller's membership (whose shared plants are also due), then one query for the page and one count, on
    // an index: it read the four plants (and the look-ahead it did not find).
    expect(readsOf(response)).toEqual({ documents: 5, aggregations: 1 });

    const later = (await due(owner, { until: '2026-12-31' }).expect(200)).body as DuePage<Plant>;
    expect(later.plants.map((plant) => plant._id)).toEqual([
      ids.overdueWater,
      ids.careOnly,
      ids.both,
      ids.today,
      ids.later,
    ]);
    expect(later.plants.map((plant) => plant._id)).not.toContain(ids.never);

    // A job done moves the plant along the window.
    await request(app)
      .post(`/mango/${ids.careOnly}/care/fertilize`)
      .set(bearer(owner))
      .send({ date: '2026-03-03' })
      .expect(200);
    expect(
      ((await due(owner, { until: '2026-03-05' }).expect(200)).body as DuePage<Plant>).plants.map((plant) => plant._id),
    ).toEqual([ids.overdueWater, ids.both, ids.today]);
  });

  it('pages with a cursor bound to `until`, reading at most a page and one look-ahead each time', async () => {
    const owner = await createTestUser('Paged Due Gardener');
    const ids: string[] = [];
    for (let day = 1; day <= 7; day += 1)
      ids.push(await createPlantAs(app, owner, dueOn(`Due ${day}`, `2026-03-0${day}`)));
    // Three plants on the same day: ordered by id.
    const sameDay = [
      await createPlantAs(app, owner, dueOn('Same A', '2026-03-04')),
      await createPlantAs(app, owner, dueOn('Same B', '2026-03-04')),
    ];

    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const response = await due(owner, { until: '2026-03-31', limit: 2, ...(cursor ? { cursor } : {}) }).expect(200);
      const page = response.body as DuePage<Plant>;
      expect(page.total).toBe(9);
      expect(page.plants.length).toBeLessThanOrEqual(2);
      // Two plants, the look-ahead and the caller's membership.
      expect(readsOf(response).documents).toBeLessThanOrEqual(4);
      expect(readsOf(response).aggregations).toBe(1);
      seen.push(...page.plants.map((plant) => plant._id));
      cursor = page.nextCursor ?? undefined;
      pages += 1;
    } while (cursor && pages < 10);
    expect(pages).toBe(5);
    const onTheFourth = [ids[3]!, ...sameDay].sort();
    expect(seen).toEqual([ids[0], ids[1], ids[2], ...onTheFourth, ids[4], ids[5], ids[6]]);

    const first = (await due(owner, { until: '2026-03-31', limit: 2 }).expect(200)).body as DuePage<Plant>;
    const wrong = await due(owner, { until: '2026-03-30', limit: 2, cursor: first.nextCursor! }).expect(400);
    expect(wrong.body.error.fields).toEqual({
      cursor: 'cursor belongs to another search, filter or sort. Start again from the first page of this one.',
    });
  });

  it('is for a signed-in caller, with a real `until` and nothing else', async () => {
    const owner = await createTestUser('Strict Due Gardener');
    const visitor = await request(app).get('/mango/due').query({ until: '2026-03-05' }).expect(401);
    expect(visitor.body.error.code).toBe('unauthenticated');
    const until = 'until must be a real date written YYYY-MM-DD: the last day whose jobs to list.';
    for (const [query, fields] of [
      [{}, { until }],
      [{ until: '2026-02-30' }, { until }],
      [{ until: '2026-03-05', limit: 0 }, { limit: 'limit must be a whole number from 1 to 100.' }],
      [{ until: '2026-03-05', limit: 101 }, { limit: 'limit must be a whole number from 1 to 100.' }],
      [
        { until: '2026-03-05', cursor: 'nonsense' },
        { cursor: 'cursor is not one this API gave out. Start again from the first page.' },
      ],
      [
        { until: '2026-03-05', email: owner.email },
        { email: 'GET /mango/due takes only these parameters: until, limit, cursor.' },
      ],
    ] as const) {
      const response = await due(owner, query).expect(400);
      expect(response.body.error.fields, JSON.stringify(query)).toEqual(fields);
    }
    await request(app).post('/mango/due').set(bearer(owner)).expect(405);
  });
});
