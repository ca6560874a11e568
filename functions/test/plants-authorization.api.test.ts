import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { getAdminAuth, getDb } from '../src/lib/firebase';
import { PLANTS_COLLECTION } from '../src/plants/plants.repository';
import { testApp } from './support/app';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';

const app = testApp();

type Who = 'visitor' | 'owner' | 'other user';

let owner: TestUser;
let other: TestUser;

beforeAll(async () => {
  [owner, other] = await Promise.all([createTestUser('Matrix Owner'), createTestUser('Matrix Other')]);
});

const as = (who: Who): Record<string, string> => (who === 'visitor' ? {} : bearer(who === 'owner' ? owner : other));

function expectError(response: request.Response, status: number, code: string) {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  expect(response.headers['content-type']).toMatch(/application\/json/);
  expect(response.body.error.code).toBe(code);
  expect(response.body.error.message).toMatch(/^[A-Z].{10,}\.$/);
}

describe('POST /mango', () => {
  it.each<[Who, number]>([
    ['visitor', 401],
    ['owner', 201],
    ['other user', 201],
  ])('%s: %i', async (who, status) => {
    const marker = `Matrix POST ${who} ${Date.now()}`;
    const response = await request(app)
      .post('/mango')
      .set(as(who))
      .send(aPlant({ plantName: marker }));
    const stored = await getDb().collection(PLANTS_COLLECTION).where('plantName', '==', marker).get();
    if (status === 401) {
      expectError(response, 401, 'unauthenticated');
      expect(response.headers['www-authenticate']).toBe('Bearer');
      expect(stored.size).toBe(0);
    } else {
      expect(response.status).toBe(201);
      expect(stored.docs.map((d) => d.id)).toEqual([response.body.insertedId]);
      expect(stored.docs[0]!.get('ownerUid')).toBe((who === 'owner' ? owner : other).uid);
    }
  });
});

describe('PUT /mango/:id', () => {
  it.each<[Who, number, string]>([
    ['visitor', 401, 'unauthenticated'],
    ['other user', 403, 'forbidden'],
  ])('%s: %i, and the plant is unchanged', async (who, status, code) => {
    const id = await createPlantAs(app, owner);
    const before = await storedPlant(id);
    const response = await request(app)
      .put(`/mango/${id}`)
      .set(as(who))
      .send(anUpdate({ plantName: 'Hijacked' }));
    expectError(response, status, code);
    expect(await storedPlant(id)).toEqual(before);
  });

  it('owner: 200 { modifiedCount: 1 }, and the change is stored', async () => {
    const id = await createPlantAs(app, owner);
    const response = await request(app)
      .put(`/mango/${id}`)
      .set(as('owner'))
      .send(anUpdate({ plantName: 'Owner Renamed' }));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ modifiedCount: 1 });
    expect((await storedPlant(id))!.plantName).toBe('Owner Renamed');
  });
});

describe('DELETE /mango/:id', () => {
  it.each<[Who, number, string]>([
    ['visitor', 401, 'unauthenticated'],
    ['other user', 403, 'forbidden'],
  ])('%s: %i, and the plant is still there, unchanged', async (who, status, code) => {
    const id = await createPlantAs(app, owner);
    const before = await storedPlant(id);
    const response = await request(app).delete(`/mango/${id}`).set(as(who));
    expectError(response, status, code);
    expect(await storedPlant(id)).toEqual(before);
    await request(app).get(`/mango/${id}`).expect(200);
  });

  it('owner: 200 { deletedCount: 1 }, and the plant is gone', async () => {
    const id = await createPlantAs(app, owner);
    const response = await request(app).delete(`/mango/${id}`).set(as('owner'));
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ deletedCount: 1 });
    expect(await storedPlant(id)).toBeUndefined();
  });
});

describe("GET /mango?email=<owner's email>", () => {
  it.each<[Who, number, string]>([
    ['visitor', 401, 'unauthenticated'],
    ['other user', 403, 'forbidden'],
  ])('%s: %i, and no plant in the answer', async (who, status, code) => {
    await createPlantAs(app, owner);
    const response = await request(app).get('/mango').query({ email: owner.email }).set(as(who));
    expectError(response, status, code);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(JSON.stringify(response.body)).not.toContain(owner.uid);
  });

  it('owner: 200 with their plants', async () => {
    const id = await createPlantAs(app, owner);
    const response = await request(app).get('/mango').query({ email: owner.email }).set(as('owner'));
    expect(response.status).toBe(200);
    expect((response.body as { _id: string; ownerUid: string }[]).map((p) => p._id)).toContain(id);
    for (const plant of response.body as { ownerUid: string }[]) expect(plant.ownerUid).toBe(owner.uid);
  });
});

describe('an account disabled, or its sessions revoked, after its token was made', () => {
  it('a disabled account’s write is 401 user_disabled and changes nothing', async () => {
    const gardener = await createTestUser('Disabled Gardener');
    const id = await createPlantAs(app, gardener, aPlant({ plantName: 'Kept As It Was' }));
    await getAdminAuth().updateUser(gardener.uid, { disabled: true });

    const response = await request(app)
      .put(`/mango/${id}`)
      .set(bearer(gardener))
      .send(anUpdate({ plantName: 'Changed After Disabling' }));
    expectError(response, 401, 'user_disabled');
    expect(response.body.error.message).toBe(
      'This account has been disabled: it can no longer make changes. Contact support if you think this is a mistake.',
    );
    expect((await storedPlant(id))?.plantName).toBe('Kept As It Was');
  });

  it('a revoked session’s write is 401 and changes nothing', async () => {
    const gardener = await createTestUser('Revoked Gardener');
    const id = await createPlantAs(app, gardener, aPlant({ plantName: 'Kept After Revoking' }));
    // Revocation counts whole seconds: tokens made in an earlier second are revoked.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await getAdminAuth().revokeRefreshTokens(gardener.uid);

    const response = await request(app).delete(`/mango/${id}`).set(bearer(gardener));
    expectError(response, 401, 'invalid_token');
    expect((await storedPlant(id))?.plantName).toBe('Kept After Revoking');
  });
});
