import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './support/app';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { createPlantAs, storedPlant, storedPlantCount } from './support/plants';
import { createTestUser, type TestUser } from '../../scripts/lib/test-users.mjs';
import { bearer, forgeSignedToken, forgeToken } from './support/users';

const app = testApp();

/** A fresh user who must still own nothing after every bad POST. */
let poster: TestUser;
/** A plant of `owner` that must be unchanged after every bad PUT or DELETE. */
let owner: TestUser;
let target: string;
let original: Record<string, unknown> | undefined;

beforeAll(async () => {
  [poster, owner] = await Promise.all([createTestUser('Bad Input Poster'), createTestUser('Bad Input Owner')]);
  target = await createPlantAs(app, owner);
  original = await storedPlant(target);
});

const post = (body: unknown) =>
  request(app)
    .post('/mango')
    .set(bearer(poster))
    .send(body as object);
const postRaw = (contentType: string, body: string) =>
  request(app).post('/mango').set(bearer(poster)).set('Content-Type', contentType).send(body);
const put = (body: unknown) =>
  request(app)
    .put(`/mango/${target}`)
    .set(bearer(owner))
    .send(body as object);
const postWithToken = (token: string) =>
  request(app).post('/mango').set('Authorization', `Bearer ${token}`).send(aPlant());
const postWithHeader = (header: string) => request(app).post('/mango').set('Authorization', header).send(aPlant());
const long = (n: number) => 'x'.repeat(n);
const now = () => Math.floor(Date.now() / 1000);

interface BadInput {
  name: string;
  call: () => request.Test;
  status: number;
  code: string;
  /** A field the error must name in `fields`. */
  field?: string;
}

const CASES: BadInput[] = [
  // Missing and wrong-typed fields
  {
    name: 'POST without plantName',
    call: () => post(aPlant({ plantName: undefined })),
    status: 400,
    code: 'invalid_input',
    field: 'plantName',
  },
  {
    name: 'POST without category',
    call: () => post(aPlant({ category: undefined })),
    status: 400,
    code: 'invalid_input',
    field: 'category',
  },
  { name: 'POST with an empty object', call: () => post({}), status: 400, code: 'invalid_input', field: 'category' },
  {
    name: 'POST with a blank plantName',
    call: () => post(aPlant({ plantName: '   ' })),
    status: 400,
    code: 'invalid_input',
    field: 'plantName',
  },
  {
    name: 'POST with a numeric plantName',
    call: () => post(aPlant({ plantName: 42 })),
    status: 400,
    code: 'invalid_input',
    field: 'plantName',
  },
  {
    name: 'POST with a null plantName',
    call: () => post(aPlant({ plantName: null })),
    status: 400,
    code: 'invalid_input',
    field: 'plantName',
  },
  {
    name: 'POST with an unknown category',
    call: () => post(aPlant({ category: 'Cactus' })),
    status: 400,
    code: 'invalid_input',
    field: 'category',
  },
  {
    name: 'POST with a category in the wrong case',
    call: () => post(aPlant({ category: 'FERN' })),
    status: 400,
    code: 'invalid_input',
    field: 'category',
  },
  {
    name: 'POST with an unknown careLevel',
    call: () => post(aPlant({ careLevel: 'extreme' })),
    status: 400,
    code: 'invalid_input',
    field: 'careLevel',
  },
  {
    name: 'POST with a numeric careLevel',
    call: () => post(aPlant({ careLevel: 2 })),
    status: 400,
    code: 'invalid_input',
    field: 'careLevel',
  },
  {
    name: 'POST with a healthStatus list',
    call: () => post(aPlant({ healthStatus: ['Healthy'] })),
    status: 400,
    code: 'invalid_input',
    field: 'healthStatus',
  },
  {
    name: 'POST with notes as an object',
    call: () => post(aPlant({ notes: { text: 'hi' } })),
    status: 400,
    code: 'invalid_input',
    field: 'notes',
  },
  {
    name: 'POST with a boolean description',
    call: () => post(aPlant({ description: true })),
    status: 400,
    code: 'invalid_input',
    field: 'description',
  },
  // Over-long strings
  {
    name: 'POST with a 101-character plantName',
    call: () => post(aPlant({ plantName: long(101) })),
    status: 400,
    code: 'invalid_input',
    field: 'plantName',
  },
  {
    name: 'POST with a 61-character wateringFrequency',
    call: () => post(aPlant({ wateringFrequency: long(61) })),
    status: 400,
    code: 'invalid_input',
    field: 'wateringFrequency',
  },
  {
    name: 'POST with a 41-character healthStatus',
    call: () => post(aPlant({ healthStatus: long(41) })),
    status: 400,
    code: 'invalid_input',
    field: 'healthStatus',
  },
  {
    name: 'POST with a 2,001-character description',
    call: () => post(aPlant({ description: long(2001) })),
    status: 400,
    code: 'invalid_input',
    field: 'description',
  },
  {
    name: 'POST with 2,001-character notes',
    call: () => post(aPlant({ notes: long(2001) })),
    status: 400,
    code: 'invalid_input',
    field: 'notes',
  },
  // Invalid dates
  {
    name: 'POST with 30 February',
    call: () => post(aPlant({ lastWateredDate: '2026-02-30' })),
    status: 400,
    code: 'invalid_input',
    field: 'lastWateredDate',
  },
  {
    name: 'POST with a US-style date',
    call: () => post(aPlant({ lastWateredDate: '05/01/2026' })),
    status: 400,
    code: 'invalid_input',
    field: 'lastWateredDate',
  },
  {
    name: 'POST with month 13',
    call: () => post(aPlant({ nextWateringDate: '2026-13-01' })),
    status: 400,
    code: 'invalid_input',
    field: 'nextWateringDate',
  },
  {
    name: 'POST with a numeric date',
    call: () => post(aPlant({ nextWateringDate: 20260101 })),
    status: 400,
    code: 'invalid_input',
    field: 'nextWateringDate',
  },
  {
    name: 'POST with a date-time instead of a date',
    call: () => post(aPlant({ nextWateringDate: '2026-03-03T10:00:00Z' })),
    status: 400,
    code: 'invalid_input',
    field: 'nextWateringDate',
  },
  // Bad image URLs
  {
    name: 'POST with a javascript: image',
    call: () => post(aPlant({ image: 'javascript:alert(1)' })),
    status: 400,
    code: 'invalid_input',
    field: 'image',
  },
  {
    name: 'POST with a data: image',
    call: () => post(aPlant({ image: 'data:image/png;base64,AAAA' })),
    status: 400,
    code: 'invalid_input',
    field: 'image',
  },
  {
    name: 'POST with a protocol-relative image',
    call: () => post(aPlant({ image: '//evil.example/x.png' })),
    status: 400,
    code: 'invalid_input',
    field: 'image',
  },
  {
    name: 'POST with an ftp: image',
    call: () => post(aPlant({ image: 'ftp://example.com/x.png' })),
    status: 400,
    code: 'invalid_input',
    field: 'image',
  },
  {
    name: 'POST with an image that is not a URL',
    call: () => post(aPlant({ image: 'my fern photo' })),
    status: 400,
    code: 'invalid_input',
    field: 'image',
  },
  {
    name: 'POST with a 2,100-character image URL',
    call: () => post(aPlant({ image: `https://example.com/${long(2100)}` })),
    status: 400,
    code: 'invalid_input',
    field: 'image',
  },
  // Bodies that are not a plant
  {
    name: 'POST with malformed JSON',
    call: () => postRaw('application/json', '{"plantName": "Fern",'),
    status: 400,
    code: 'malformed_json',
  },
  {
    name: 'POST with a bare JSON string',
    call: () => postRaw('application/json', '"Fern"'),
    status: 400,
    code: 'malformed_json',
  },
  { name: 'POST with a JSON array', call: () => post([aPlant()]), status: 400, code: 'invalid_body' },
  {
    name: 'POST with a text/plain body',
    call: () => postRaw('text/plain', 'plantName=Fern'),
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'POST with a form-encoded body',
    call: () => postRaw('application/x-www-form-urlencoded', 'plantName=Fern&category=fern'),
    status: 415,
    code: 'unsupported_media_type',
  },
  {
    name: 'POST with a body over 100 KB',
    call: () => post(aPlant({ description: long(150 * 1024) })),
    status: 413,
    code: 'payload_too_large',
  },
  {
    name: 'POST with JSON in Latin-1',
    call: () => postRaw('application/json; charset=latin1', JSON.stringify(aPlant())),
    status: 415,
    code: 'unsupported_media_type',
  },
  // Bad updates
  {
    name: 'PUT without the fields the Update form requires',
    call: () => put({ plantName: 'Only A Name', category: 'fern' }),
    status: 400,
    code: 'invalid_input',
    field: 'lastWateredDate',
  },
  {
    name: 'PUT with a blank healthStatus',
    call: () => put(anUpdate({ healthStatus: ' ' })),
    status: 400,
    code: 'invalid_input',
    field: 'healthStatus',
  },
  {
    name: 'PUT with an impossible date',
    call: () => put(anUpdate({ nextWateringDate: '2026-04-31' })),
    status: 400,
    code: 'invalid_input',
    field: 'nextWateringDate',
  },
  {
    name: 'PUT with an unknown category',
    call: () => put(anUpdate({ category: 'tree' })),
    status: 400,
    code: 'invalid_input',
    field: 'category',
  },
  {
    name: 'PUT with malformed JSON',
    call: () =>
      request(app).put(`/mango/${target}`).set(bearer(owner)).set('Content-Type', 'application/json').send('{'),
    status: 400,
    code: 'malformed_json',
  },
  {
    name: 'PUT with a body over 100 KB',
    call: () => put(anUpdate({ description: long(120 * 1024) })),
    status: 413,
    code: 'payload_too_large',
  },
  // Invalid ids: refused before Firestore sees them
  {
    name: 'GET an id with odd characters',
    call: () => request(app).get('/mango/not$an*id'),
    status: 404,
    code: 'not_found',
  },
  {
    name: 'GET an id of 129 characters',
    call: () => request(app).get(`/mango/${'a'.repeat(129)}`),
    status: 404,
    code: 'not_found',
  },
  {
    name: "GET Firestore's reserved __id__ form",
    call: () => request(app).get('/mango/__name__'),
    status: 404,
    code: 'not_found',
  },
  {
    name: 'GET an id with an encoded slash',
    call: () => request(app).get('/mango/plants%2Fother'),
    status: 404,
    code: 'not_found',
  },
  { name: 'GET an id with a dot', call: () => request(app).get('/mango/a.b'), status: 404, code: 'not_found' },
  {
    name: 'PUT to an id of two dots',
    call: () => request(app).put('/mango/%2E%2E').set(bearer(owner)).send(anUpdate()),
    status: 404,
    code: 'not_found',
  },
  {
    name: 'DELETE an id with a space',
    call: () => request(app).delete('/mango/a%20b').set(bearer(owner)),
    status: 404,
    code: 'not_found',
  },
  {
    name: 'GET a path below a plant',
    call: () => request(app).get(`/mango/${'A'.repeat(20)}/leaves`),
    status: 404,
    code: 'not_found',
  },
  {
    name: 'PATCH a plant',
    call: () =>
      request(app)
        .patch(`/mango/${'A'.repeat(20)}`)
        .set(bearer(owner))
        .send(anUpdate()),
    status: 405,
    code: 'method_not_allowed',
  },
  // Bad list queries
  {
    name: 'GET ?limit=0',
    call: () => request(app).get('/mango?limit=0'),
    status: 400,
    code: 'invalid_input',
    field: 'limit',
  },
  {
    name: 'GET ?limit=101',
    call: () => request(app).get('/mango?limit=101'),
    status: 400,
    code: 'invalid_input',
    field: 'limit',
  },
  {
    name: 'GET ?limit=ten',
    call: () => request(app).get('/mango?limit=ten'),
    status: 400,
    code: 'invalid_input',
    field: 'limit',
  },
  {
    name: 'GET ?limit=2.5',
    call: () => request(app).get('/mango?limit=2.5'),
    status: 400,
    code: 'invalid_input',
    field: 'limit',
  },
  {
    name: 'GET ?before=yesterday',
    call: () => request(app).get('/mango?before=yesterday'),
    status: 400,
    code: 'invalid_input',
    field: 'before',
  },
  {
    name: 'GET ?email= (empty)',
    call: () => request(app).get('/mango?email=').set(bearer(poster)),
    status: 400,
    code: 'invalid_input',
    field: 'email',
  },
  {
    name: 'GET ?email twice',
    call: () => request(app).get('/mango?email=a@example.test&email=b@example.test').set(bearer(poster)),
    status: 400,
    code: 'invalid_input',
    field: 'email',
  },
  // Garbage, malformed, forged and expired tokens (see forgeToken for what the emulator can check)
  { name: 'a garbage token', call: () => postWithToken('not-a-token'), status: 401, code: 'invalid_token' },
  { name: 'a malformed JWT', call: () => postWithToken('aaa.bbb.ccc'), status: 401, code: 'invalid_token' },
  {
    name: 'a Basic Authorization header',
    call: () => postWithHeader('Basic dXNlcjpwYXNz'),
    status: 401,
    code: 'invalid_token',
  },
  { name: 'an empty Bearer header', call: () => postWithHeader('Bearer '), status: 401, code: 'invalid_token' },
  { name: 'a 5,000-character token', call: () => postWithToken(long(5000)), status: 401, code: 'invalid_token' },
  {
    name: 'a token for another project (aud)',
    call: () => postWithToken(forgeToken(poster.idToken, (c) => ({ ...c, aud: 'demo-other-project' }))),
    status: 401,
    code: 'invalid_token',
  },
  {
    name: 'a token from another issuer (iss)',
    call: () =>
      postWithToken(
        forgeToken(poster.idToken, (c) => ({ ...c, iss: 'https://securetoken.google.com/demo-other-project' })),
      ),
    status: 401,
    code: 'invalid_token',
  },
  {
    name: 'an expired token',
    call: () =>
      postWithToken(
        forgeToken(poster.idToken, (c) => ({ ...c, iat: now() - 7200, auth_time: now() - 7200, exp: now() - 3600 })),
      ),
    status: 401,
    code: 'token_expired',
  },
  {
    name: 'a token for a user that does not exist',
    call: () =>
      postWithToken(forgeToken(poster.idToken, (c) => ({ ...c, sub: 'no-such-user', user_id: 'no-such-user' }))),
    status: 401,
    code: 'invalid_token',
  },
  {
    // Against the Auth emulator firebase-admin accepts only unsigned tokens and refuses every signed
    // one, genuine or forged, so this shows how a refused token is answered, not that signatures are
    // checked (production checks them against Google's keys).
    name: 'an RS256-signed token, which the emulator refuses like any signed one',
    call: () => postWithToken(forgeSignedToken(poster.idToken)),
    status: 401,
    code: 'invalid_token',
  },
  {
    name: 'a garbage token on a PUT',
    call: () => request(app).put(`/mango/${target}`).set('Authorization', 'Bearer x.y.z').send(anUpdate()),
    status: 401,
    code: 'invalid_token',
  },
  {
    name: 'a garbage token on a DELETE',
    call: () => request(app).delete(`/mango/${target}`).set('Authorization', 'Bearer garbage'),
    status: 401,
    code: 'invalid_token',
  },
  {
    name: 'a garbage token on a public GET',
    call: () => request(app).get('/mango?limit=1').set('Authorization', 'Bearer garbage'),
    status: 401,
    code: 'invalid_token',
  },
];

describe('bad input is a 4xx JSON error with a readable message, and nothing is stored', () => {
  it.each(CASES.map((c) => [c.name, c] as const))('%s', async (_name, { call, status, code, field }) => {
    const response = await call();
    expect(response.status, JSON.stringify(response.body)).toBe(status);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['cache-control']).toBe('no-store');
    const { error } = response.body as { error: { code: string; message: string; fields?: Record<string, string> } };
    expect(error.code).toBe(code);
    // A sentence a person can read: no stack, no "[object Object]", no zod jargon.
    expect(error.message).toMatch(/^[A-Za-z].{14,}[.)]$/);
    expect(error.message).not.toMatch(/\[object|Error:|\n\s+at |Invalid input|expected (string|object)/);
    if (field) {
      expect(Object.keys(error.fields ?? {})).toContain(field);
      expect(error.fields![field]).toMatch(/^[A-Za-z].{5,}\.$/);
    }

    expect(await storedPlantCount(poster.uid)).toBe(0);
    expect(await storedPlant(target)).toEqual(original);
  });
});
