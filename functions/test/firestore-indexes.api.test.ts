import { Filter } from 'firebase-admin/firestore';
import { createRequire } from 'node:module';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createApp } from '../src/app';
import type { Photo } from '../src/model';
import { SORT_DIRECTIONS, SORT_KEYS } from '../src/model/plant-list';
import { getDb } from '../src/lib/firebase';
import { GRAM_FIELDS, gramBucket } from '../src/plants/plant-keys';
import {
  declaredIndexes,
  indexConfig,
  isServedBy,
  recordQueries,
  requiredIndex,
  type RecordedQuery,
} from './support/firestore-indexes';
import { aJpeg } from './support/photos';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createTestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

/** A three-letter search whose gram is kept in each bucket in turn, so that every bucket's indexes are asked for. */
const SEARCH_IN_EACH_BUCKET = GRAM_FIELDS.map((_, bucket) => {
  const letters = [...'abcdefghijklmnopqrstuvwxyz'];
  const grams = letters.flatMap((a) => letters.map((b) => `${a}${b}e`));
  return grams.find((gram) => gramBucket(gram) === bucket)!;
});

/** firebase-tools' own reading of the file, as `firebase deploy` checks it (it has no types). */
const { FirestoreApi } = createRequire(__filename)('firebase-tools/lib/firestore/api') as {
  FirestoreApi: new () => {
    upgradeOldSpec(spec: unknown): { fieldOverrides: unknown[] };
    validateSpec(spec: unknown): void;
  };
};

describe('firestore.indexes.json', () => {
  it('is a file `firebase deploy` takes, whose TTL policy deletes old invites on a field no query reads', () => {
    const api = new FirestoreApi();
    const spec = api.upgradeOldSpec(indexConfig());
    expect(() => api.validateSpec(spec)).not.toThrow();
    expect(spec.fieldOverrides).toContainEqual({
      collectionGroup: 'householdInvites',
      fieldPath: 'deleteAt',
      ttl: true,
      indexes: [],
    });
  });

  it('has an index for every composite query the API runs', async () => {
    const recorder = recordQueries(getDb());
    const app = createApp({ db: () => recorder.db });
    const user = await createTestUser('Index Checker');

    // Every route, with every query option.
    const created = await request(app).post('/mango').set(bearer(user)).send(aPlant()).expect(201);
    const id = created.body.insertedId as string;
    // A place, for My Plants' place filter below.
    const shelf = await request(app).post('/mango/places').set(bearer(user)).send({ name: 'Shelf', light: 'medium' });
    expect(shelf.status).toBe(201);
    const before = new Date().toISOString();
    await request(app).get('/mango').expect(200);
    await request(app).get('/mango').query({ limit: 5 }).expect(200);
    await request(app).get('/mango').query({ limit: 5, before }).expect(200);
    await request(app).get('/mango').set(bearer(user)).expect(200);
    await request(app).get('/mango').query({ email: user.email }).set(bearer(user)).expect(200);
    await request(app).get('/mango').query({ email: user.email, limit: 5, before }).set(bearer(user)).expect(200);
    await request(app).get(`/mango/${id}`).expect(200);
    // The paged view: every order with every combination of search (one gram, several grams,
    // name or category), category and care, a second page, and a user's own pages.
    for (const sort of SORT_KEYS) {
      for (const dir of SORT_DIRECTIONS) {
        for (const q of [undefined, 'fe', 'erns', ...SEARCH_IN_EACH_BUCKET]) {
          for (const filters of [
            {},
            { category: 'fern' },
            { care: 'Moderate' },
            { category: 'fern', care: 'moderate' },
          ]) {
            const query = { sort, dir, limit: 1, ...filters, ...(q ? { q } : {}) };
            const first = await request(app).get('/mango').query(query).expect(200);
            if (first.body.nextCursor)
              await request(app)
                .get('/mango')
                .query({ ...query, cursor: first.body.nextCursor })
                .expect(200);
          }
        }
        for (const q of SEARCH_IN_EACH_BUCKET)
          await request(app).get('/mango').query({ sort, dir, q, match: 'name-or-category' }).expect(200);
        // The pet filter: its own indexes without a search, the search's with one.
        for (const q of [undefined, 'fe', 'ern', 'erns'])
          for (const filters of [
            { petSafe: 'both' },
            { petSafe: 'cats', category: 'fern' },
            { petSafe: 'dogs', care: 'easy' },
            { petSafe: 'cats', category: 'fern', care: 'easy' },
          ])
            await request(app)
              .get('/mango')
              .query({ sort, dir, limit: 1, ...filters, ...(q ? { q } : {}) })
              .expect(200);
        await request(app).get('/mango').query({ sort, dir, email: user.email }).set(bearer(user)).expect(200);
        for (const placeId of [shelf.body.id as string, 'none'])
          await request(app)
            .get('/mango')
            .query({ sort, dir, email: user.email, placeId })
            .set(bearer(user))
            .expect(200);
      }
    }
    await request(app).get('/mango/facets').expect(200);
    await request(app).get('/mango/stats').expect(200);
    await request(app).get('/mango/stats').set(bearer(user)).expect(200);
    await request(app).post(`/mango/${id}/care/water`).set(bearer(user)).send({ date: '2026-03-05' }).expect(200);
    await request(app).get(`/mango/${id}/events`).set(bearer(user)).expect(200);
    await request(app).delete(`/mango/${id}/care/water/latest`).set(bearer(user)).expect(200);
    await request(app)
      .post('/mango/care')
      .set(bearer(user))
      .send({ items: [{ plantId: id, task: 'water' }], date: '2026-03-05' })
      .expect(200);
    await request(app)
      .delete('/mango/waterings/latest')
      .set(bearer(user))
      .send({ plantIds: [id] })
      .expect(200);
    // Care tasks, their undo, several jobs at once, notes, and the due plants (two pages).
    await request(app)
      .put(`/mango/${id}`)
      .set(bearer(user))
      .send(anUpdate({ care: { fertilize: { frequency: 'Monthly', nextDate: '2026-03-20' } } }))
      .expect(200);
    await request(app).post(`/mango/${id}/care/fertilize`).set(bearer(user)).send({ date: '2026-04-05' }).expect(200);
    await request(app).delete(`/mango/${id}/care/fertilize/latest`).set(bearer(user)).expect(200);
    await request(app)
      .post('/mango/care')
      .set(bearer(user))
      .send({
        items: [
          { plantId: id, task: 'water' },
          { plantId: id, task: 'mist' },
        ],
        date: '2026-04-05',
      })
      .expect(200);
    const note = await request(app).post(`/mango/${id}/notes`).set(bearer(user)).send({ text: 'Indexed' }).expect(201);
    await request(app).delete(`/mango/${id}/notes/${note.body._id}`).set(bearer(user)).expect(200);
    await request(app)
      .post('/mango')
      .set(bearer(user))
      .send(aPlant({ care: { repot: { frequency: 'yearly', nextDate: '2026-01-01' } } }))
      .expect(201);
    const duePage = await request(app)
      .get('/mango/due')
      .query({ until: '2026-12-31', limit: 1 })
      .set(bearer(user))
      .expect(200);
    await request(app)
      .get('/mango/due')
      .query({ until: '2026-12-31', limit: 1, cursor: duePage.body.nextCursor })
      .set(bearer(user))
      .expect(200);
    const calendar = await request(app).get('/mango/calendar').set(bearer(user)).expect(200);
    await request(app).post('/mango/calendar/rotate').set(bearer(user)).expect(200);
    const rotated = await request(app).get('/mango/calendar').set(bearer(user)).expect(200);
    await request(app).get(new URL(rotated.body.url).pathname).expect(200);
    await request(app).get(new URL(calendar.body.url).pathname).expect(404);
    // Households: every route; the open invites are counted on (householdId, openUntil).
    const friend = await createTestUser('Index Friend');
    const household = (path = '') => `/mango/household${path}`;
    await request(app).post(household()).set(bearer(user)).send({ name: 'Indexed' }).expect(201);
    const invite = await request(app)
      .post(household('/invites'))
      .set(bearer(user))
      .send({ role: 'member' })
      .expect(201);
    await request(app)
      .get(household(`/invites/${invite.body.token}`))
      .set(bearer(friend))
      .expect(200);
    await request(app).post(household('/join')).set(bearer(friend)).send({ token: invite.body.token }).expect(200);
    await request(app).get(household()).set(bearer(friend)).expect(200);
    // The plants the household shares, and what is due with them: two pages of each.
    await request(app)
      .post('/mango')
      .set(bearer(friend))
      .send(aPlant({ plantName: 'Shared Fig' }))
      .expect(201);
    await request(app)
      .post('/mango')
      .set(bearer(user))
      .send(aPlant({ plantName: 'Shared Palm' }))
      .expect(201);
    const sharedPage = await request(app).get(household('/plants')).query({ limit: 1 }).set(bearer(friend)).expect(200);
    expect(sharedPage.body.nextCursor).toEqual(expect.any(String));
    await request(app)
      .get(household('/plants'))
      .query({ limit: 1, cursor: sharedPage.body.nextCursor })
      .set(bearer(friend))
      .expect(200);
    const sharedDue = await request(app)
      .get('/mango/due')
      .query({ until: '2026-12-31', limit: 1 })
      .set(bearer(friend))
      .expect(200);
    expect(sharedDue.body.nextCursor).toEqual(expect.any(String));
    await request(app)
      .get('/mango/due')
      .query({ until: '2026-12-31', limit: 1, cursor: sharedDue.body.nextCursor })
      .set(bearer(friend))
      .expect(200);
    await request(app).patch(household()).set(bearer(user)).send({ name: 'Reindexed' }).expect(200);
    await request(app)
      .patch(household(`/members/${friend.uid}`))
      .set(bearer(user))
      .send({ role: 'owner' })
      .expect(200);
    await request(app)
      .patch(household(`/members/${user.uid}`))
      .set(bearer(friend))
      .send({ role: 'owner' })
      .expect(200);
    await request(app)
      .delete(household(`/members/${friend.uid}`))
      .set(bearer(user))
      .expect(200);
    await request(app).post(household('/invites')).set(bearer(user)).send({ role: 'member' }).expect(201);
    const open = await request(app).get(household('/invites')).set(bearer(user)).expect(200);
    await request(app)
      .delete(household(`/invites/${open.body.invites[0]._id}`))
      .set(bearer(user))
      .expect(200);
    await request(app).post(household('/invites')).set(bearer(user)).send({ role: 'member' }).expect(201);
    await request(app).delete(household()).set(bearer(user)).expect(200);
    // Export (the owner's plants and each one's history) and import (the ids it skips).
    await request(app).get('/mango/export').query({ format: 'json' }).set(bearer(user)).expect(200);
    const exported = await request(app).get('/mango/export').query({ format: 'csv' }).set(bearer(user)).expect(200);
    await request(app)
      .post('/mango/import')
      .query({ dryRun: '1' })
      .set(bearer(user))
      .set('Content-Type', 'text/csv')
      .send(exported.text)
      .expect(200);
    await request(app)
      .post('/mango/import')
      .set(bearer(user))
      .set('Content-Type', 'text/csv')
      .send('plantName,category\nImported Fern,fern\n')
      .expect(200);
    // Photos: uploads, the list, an image, a cover, and a delete of the cover (which finds the
    // newest remaining photo); the plant's delete below deletes the other one.
    const jpeg = await aJpeg();
    const photos: Photo[] = [];
    for (let i = 0; i < 2; i += 1)
      photos.push(
        (
          await request(app)
            .post(`/mango/${id}/photos`)
            .set(bearer(user))
            .set('Content-Type', 'image/jpeg')
            .send(jpeg)
            .expect(201)
        ).body,
      );
    await request(app).get(`/mango/${id}/photos`).expect(200);
    const [cover] = photos as [Photo, Photo];
    await request(app).get(cover.thumbUrl).expect(200);
    await request(app).put(`/mango/${id}/cover`).set(bearer(user)).send({ photoId: cover._id }).expect(200);
    await request(app).delete(`/mango/${id}/photos/${cover._id}`).set(bearer(user)).expect(200);
    await request(app).put(`/mango/${id}`).set(bearer(user)).send(anUpdate()).expect(200);
    await request(app).delete(`/mango/${id}`).set(bearer(user)).expect(200);

    const needed = recorder.queries.map(requiredIndex).filter((index) => index !== null);
    // The recorder must have seen the per-owner query, or this test proves nothing.
    expect(needed).toContainEqual({
      collectionGroup: 'plants',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'ownerUid' }, { fieldPath: 'createdAt', order: 'DESCENDING' }],
    });
    // ...and the stats' queries on the activity records.
    expect(needed).toContainEqual({
      collectionGroup: 'activity',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'ownerUid' }, { fieldPath: 'at', order: 'DESCENDING' }],
    });
    // ...and the paged view's, with all three filters, on each bucket of grams.
    for (const field of GRAM_FIELDS) {
      expect(needed).toContainEqual({
        collectionGroup: 'plants',
        queryScope: 'COLLECTION',
        fields: [
          { fieldPath: 'category' },
          { fieldPath: 'careKey' },
          { fieldPath: field, arrayConfig: 'CONTAINS' },
          { fieldPath: 'sortNextDesc', order: 'ASCENDING' },
        ],
      });
    }
    // ...and My Plants' by place, in every order.
    expect(needed).toContainEqual({
      collectionGroup: 'plants',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'ownerUid' }, { fieldPath: 'placeKey' }, { fieldPath: 'sortCareDesc', order: 'ASCENDING' }],
    });
    // ...and the care history's, on each plant's events (one field, so no composite index).
    expect(recorder.queries).toContainEqual({
      collectionGroup: 'events',
      queryScope: 'COLLECTION',
      filters: [],
      orders: [{ field: 'revision', direction: 'desc' }],
    });
    // ...and the due plants' (GET /mango/due, and the calendar feed's), on the owner's next due dates.
    expect(needed).toContainEqual({
      collectionGroup: 'plants',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'ownerUid' }, { fieldPath: 'nextDueDate', order: 'ASCENDING' }],
    });
    expect(
      recorder.queries.filter((query) => query.filters.some((filter) => filter.field === 'nextDueDate')).length,
    ).toBeGreaterThanOrEqual(5);
    // ...and a care task's undo, on the plant's events of that task.
    expect(needed).toContainEqual({
      collectionGroup: 'events',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'task' }, { fieldPath: 'revision', order: 'DESCENDING' }],
    });
    // ...and the photos', newest first.
    expect(needed).toContainEqual({
      collectionGroup: 'photos',
      queryScope: 'COLLECTION',
      fields: [
        { fieldPath: 'takenOn', order: 'DESCENDING' },
        { fieldPath: 'createdAt', order: 'DESCENDING' },
      ],
    });
    // ...and, with a household, the due plants it shares (the `or`'s second branch) and its plants by name.
    expect(needed).toContainEqual({
      collectionGroup: 'plants',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'shareKey' }, { fieldPath: 'nextDueDate', order: 'ASCENDING' }],
    });
    expect(needed).toContainEqual({
      collectionGroup: 'plants',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'shareKey' }, { fieldPath: 'sortName', order: 'ASCENDING' }],
    });
    // ...and the household's open invites.
    expect(needed).toContainEqual({
      collectionGroup: 'householdInvites',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'householdId' }, { fieldPath: 'openUntil', order: 'ASCENDING' }],
    });
    const declared = declaredIndexes();
    const missing = needed.filter((index) => !isServedBy(index, declared));
    expect(missing, `Add these to firestore.indexes.json:\n${JSON.stringify(missing, null, 2)}`).toEqual([]);
    // About 200 requests, many of them searches: the emulator answers array-contains by reading
    // every plant (Firestore reads an index), so this takes tens of seconds once the suite has
    // stored a few thousand plants.
  }, 120_000);

  it('records an `or` as one query per branch, each on its own index, as Firestore runs it', () => {
    const recorder = recordQueries(getDb());
    const whose = Filter.or(Filter.where('ownerUid', '==', 'u'), Filter.where('shareKey', 'in', ['k']));
    void recorder.db
      .collection('plants')
      .where(Filter.and(whose, Filter.where('nextDueDate', '<=', '2026-12-31')))
      .orderBy('nextDueDate')
      .count();
    expect(recorder.queries.map(requiredIndex)).toEqual(
      ['ownerUid', 'shareKey'].map((field) => ({
        collectionGroup: 'plants',
        queryScope: 'COLLECTION',
        fields: [{ fieldPath: field }, { fieldPath: 'nextDueDate', order: 'ASCENDING' }],
      })),
    );
  });

  it('catches a query whose index is missing, and knows which queries need none', () => {
    const query = (filters: RecordedQuery['filters'], orders: RecordedQuery['orders']): RecordedQuery => ({
      collectionGroup: 'plants',
      queryScope: 'COLLECTION',
      filters,
      orders,
    });
    const declared = declaredIndexes();
    const byCategory = requiredIndex(
      query([{ field: 'category', op: '==' }], [{ field: 'createdAt', direction: 'desc' }]),
    )!;
    expect(isServedBy(byCategory, declared)).toBe(false);
    const byOwnerAscending = requiredIndex(
      query([{ field: 'ownerUid', op: '==' }], [{ field: 'createdAt', direction: 'asc' }]),
    )!;
    expect(isServedBy(byOwnerAscending, declared)).toBe(false);
    expect(
      requiredIndex(query([{ field: 'createdAt', op: '<' }], [{ field: 'createdAt', direction: 'desc' }])),
    ).toBeNull();
    // The id after an ordering, in its direction, is part of every index; against it, it is not.
    expect(
      requiredIndex(
        query(
          [],
          [
            { field: 'createdAt', direction: 'desc' },
            { field: '__name__', direction: 'desc' },
          ],
        ),
      ),
    ).toBeNull();
    expect(
      requiredIndex(
        query(
          [],
          [
            { field: 'createdAt', direction: 'desc' },
            { field: '__name__', direction: 'asc' },
          ],
        ),
      ),
    ).not.toBeNull();
    expect(
      requiredIndex(
        query(
          [
            { field: 'ownerUid', op: '==' },
            { field: 'category', op: '==' },
          ],
          [],
        ),
      ),
    ).toBeNull();
    expect(
      requiredIndex(
        query(
          [
            { field: 'ownerUid', op: '==' },
            { field: 'createdAt', op: '<' },
          ],
          [],
        ),
      ),
    ).toEqual({
      collectionGroup: 'plants',
      queryScope: 'COLLECTION',
      fields: [{ fieldPath: 'ownerUid' }, { fieldPath: 'createdAt', order: 'ASCENDING' }],
    });
  });
});
