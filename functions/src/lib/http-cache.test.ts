import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { WORKER_CACHE_CONTROL } from '../model/worker-cache';
import { sendJson, type Audience } from './http-cache';

/** An app that answers `{ ok: true }` for the audience given. */
const answerFor = (audience: Audience) => express().get('/', (_req, res) => sendJson(res, { ok: true }, audience));

describe('sendJson: who may keep an answer', () => {
  it("a signed-in user's own data: no HTTP cache, and the app's worker may keep it for that user", async () => {
    const response = await request(answerFor('private')).get('/').expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers[WORKER_CACHE_CONTROL.toLowerCase()]).toBe('private');
  });

  it('a credential (the calendar link): kept nowhere, the worker included', async () => {
    const response = await request(answerFor('secret')).get('/').expect(200);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers[WORKER_CACHE_CONTROL.toLowerCase()]).toBeUndefined();
  });

  it("a visitor's answer: public, with its ETag, and nothing addressed to the worker", async () => {
    const response = await request(answerFor('public')).get('/').expect(200);
    expect(response.headers['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    expect(response.headers.etag).toBeDefined();
    expect(response.headers[WORKER_CACHE_CONTROL.toLowerCase()]).toBeUndefined();
  });
});
