import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FUNCTION_URL, HOSTING_URL } from './support/emulators';
import { aPlant, anUpdate } from '../../scripts/lib/test-plants.mjs';
import { storedPlantCount } from './support/plants';
import { createTestUser } from '../../scripts/lib/test-users.mjs';
import { bearer } from './support/users';
import { PUBLIC_CACHE } from '../src/lib/http-cache';

it('run on the Node.js the function deploys on (functions/package.json engines.node)', () => {
  const { engines } = JSON.parse(readFileSync(path.join(__dirname, '../package.json'), 'utf8')) as {
    engines: { node: string };
  };
  expect(process.versions.node.split('.')[0]).toBe(engines.node);
});

/*
 * The same requests through the Cloud Functions runtime (the Functions emulator) and through the
 * Hosting rewrite, where the runtime has parsed the body before Express runs.
 */
describe.each([
  ['the Functions emulator', FUNCTION_URL],
  ['the Hosting rewrite', HOSTING_URL],
])('through %s', (_where, base) => {
  const url = (path: string) => `${base}/mango${path}`;
  const json = (body: unknown, token: string, method = 'POST'): RequestInit => ({
    method,
    headers: { ...bearer({ idToken: token }), 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

  it('serves POST, GET, PUT and DELETE with the answers and headers of the contract', async () => {
    const user = await createTestUser('Runtime Gardener');
    const created = await fetch(url(''), json(aPlant({ plantName: 'Runtime Fern' }), user.idToken));
    expect(created.status).toBe(201);
    expect(created.headers.get('cache-control')).toBe('private, no-store');
    const { insertedId } = (await created.json()) as { insertedId: string };

    const visitorView = await fetch(url(`/${insertedId}`));
    expect(visitorView.status).toBe(200);
    expect(visitorView.headers.get('cache-control')).toBe(PUBLIC_CACHE);
    const etag = visitorView.headers.get('etag')!;
    expect(etag).toMatch(/^"[\w-]+"$/);
    const plant = (await visitorView.json()) as Record<string, unknown>;
    expect(plant).toMatchObject({ _id: insertedId, plantName: 'Runtime Fern', userName: 'Runtime Gardener' });
    expect(plant).not.toHaveProperty('userEmail');

    // fetch() adds `Cache-Control: no-cache` to a request with If-None-Match, and the Hosting
    // emulator adds it to everything it forwards: the origin revalidates all the same.
    const revalidated = await fetch(url(`/${insertedId}`), { headers: { 'If-None-Match': etag } });
    expect(revalidated.status).toBe(304);

    const ownerView = await fetch(url(`/${insertedId}`), { headers: bearer(user) });
    expect(ownerView.headers.get('cache-control')).toBe('private, no-store');
    expect(await ownerView.json()).toMatchObject({ userEmail: user.email, ownerUid: user.uid });

    const updated = await fetch(url(`/${insertedId}`), json(anUpdate(), user.idToken, 'PUT'));
    expect(await updated.json()).toEqual({ modifiedCount: 1 });
    const deleted = await fetch(url(`/${insertedId}`), { method: 'DELETE', headers: bearer(user) });
    expect(await deleted.json()).toEqual({ deletedCount: 1 });
    expect((await fetch(url(`/${insertedId}`))).status).toBe(404);
  });

  it('answers a body over 100 KB with 413 JSON, although the runtime accepted it, and stores nothing', async () => {
    const user = await createTestUser('Verbose Gardener');
    const response = await fetch(url(''), json(aPlant({ description: 'x'.repeat(200 * 1024) }), user.idToken));
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: { code: 'payload_too_large', message: 'The request body is too large (100 KB at most).' },
    });
    expect(await storedPlantCount(user.uid)).toBe(0);
  });

  it('answers non-JSON bodies the runtime parsed (text, a JSON array) with our 4xx JSON', async () => {
    const user = await createTestUser('Plain Gardener');
    const text = await fetch(url(''), {
      method: 'POST',
      headers: { ...bearer(user), 'Content-Type': 'text/plain' },
      body: 'Fern',
    });
    expect(text.status).toBe(415);
    expect(((await text.json()) as { error: { code: string } }).error.code).toBe('unsupported_media_type');
    const array = await fetch(url(''), json([aPlant()], user.idToken));
    expect(array.status).toBe(400);
    expect(((await array.json()) as { error: { code: string } }).error.code).toBe('invalid_body');
    expect(await storedPlantCount(user.uid)).toBe(0);
  });

  it('malformed JSON: the runtime itself answers 400 (its own HTML page, not our JSON) before the API runs; nothing is stored', async () => {
    // Documented limitation: the runtime's body parser rejects the body before Express runs, and
    // nothing in the function can change its answer. createApp() alone answers our JSON (see the
    // bad-input tests); the web app never sends malformed JSON.
    const user = await createTestUser('Sloppy Gardener');
    const response = await fetch(url(''), {
      method: 'POST',
      headers: { ...bearer(user), 'Content-Type': 'application/json' },
      body: '{"plantName": ',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await response.text()).toMatch(/SyntaxError/);
    expect(await storedPlantCount(user.uid)).toBe(0);
  });

  it('answers unknown paths under /mango, bad tokens and bad queries with JSON errors', async () => {
    const unknown = await fetch(url('/AAAAAAAAAAAAAAAAAAAA/leaves'));
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as { error: { code: string } }).error.code).toBe('not_found');
    const badToken = await fetch(url(''), {
      method: 'POST',
      headers: { Authorization: 'Bearer garbage', 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(badToken.status).toBe(401);
    expect(((await badToken.json()) as { error: { code: string } }).error.code).toBe('invalid_token');
    const badLimit = await fetch(url('?limit=500'));
    expect(badLimit.status).toBe(400);
    expect(await badLimit.json()).toEqual({
      error: {
        code: 'invalid_input',
        message: 'limit must be a whole number from 1 to 100.',
        fields: { limit: 'limit must be a whole number from 1 to 100.' },
      },
    });
  });
});

// Straight to the Functions emulator only: the Hosting emulator's proxy cannot forward chunked
// request bodies at all (it answers 500 "An internal error occurred while proxying").
describe('through the Functions emulator, a chunked body', () => {
  it('answers an oversized body sent without Content-Length (chunked) with 413 JSON, measured from rawBody', async () => {
    const user = await createTestUser('Streaming Gardener');
    const bytes = new TextEncoder().encode(JSON.stringify(aPlant({ description: 'x'.repeat(150 * 1024) })));
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(bytes);
        controller.close();
      },
    });
    const response = await fetch(`${FUNCTION_URL}/mango`, {
      method: 'POST',
      headers: { ...bearer(user), 'Content-Type': 'application/json' },
      body,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('payload_too_large');
    expect(await storedPlantCount(user.uid)).toBe(0);
  });
});
