import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { errorHandler } from '../middleware/error-handler';
import { firestoreCall } from './firestore-call';
import { HttpError } from './http-error';
import { captureLogs } from '../../test/support/log-capture';
import { identifyRequests } from './request-log';

const failing = (code: number, message = `gRPC ${code}`) => Promise.reject(Object.assign(new Error(message), { code }));

const INDEX_MESSAGE =
  '9 FAILED_PRECONDITION: The query requires an index. You can create it here: https://console.firebase.google.com/v1/r/project/mango-grove/firestore/indexes?create_composite=ClBwcm9qZWN0cy9tYW5nby1ncm92ZS9kYXRhYmFzZXMvKGRlZmF1bHQpL2NvbGxlY3Rpb25Hcm91cHMvcGxhbnRzL2luZGV4ZXMvXxABGgwKCG93bmVyVWlkEAEaDQoJY3JlYXRlZEF0EAIaDAoIX19uYW1lX18QAg';

describe('firestoreCall', () => {
  it.each([
    [4, 'DEADLINE_EXCEEDED'],
    [8, 'RESOURCE_EXHAUSTED'],
    [14, 'UNAVAILABLE'],
  ])('answers gRPC %i (%s) with a 503 and a sentence, and logs one warning with its code', async (code, status) => {
    const lines = captureLogs();
    await expect(firestoreCall(failing(code))).rejects.toMatchObject({ status: 503, code: 'unavailable' });
    expect(lines).toEqual([
      expect.objectContaining({
        severity: 'WARNING',
        message: expect.stringContaining(status),
        error: { name: 'Error', code, message: `gRPC ${code}` },
      }),
    ]);
  });

  it("answers gRPC 9 (FAILED_PRECONDITION: an index missing or building) with a 503, and logs Firestore's message whole, with the request's id", async () => {
    const lines = captureLogs();
    const app = express();
    app.use(identifyRequests);
    app.get('/mango', async (_req, res) => {
      res.json(await firestoreCall(failing(9, INDEX_MESSAGE)));
    });
    app.use(errorHandler);

    const response = await request(app).get('/mango?search=jade');

    expect(response.status).toBe(503);
    expect(response.body).toMatchObject({ error: { code: 'unavailable' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      severity: 'ERROR',
      requestId: response.get('X-Request-Id'),
      error: { code: 9, message: INDEX_MESSAGE },
    });
    expect(lines[0]!.stack_trace).toContain(INDEX_MESSAGE);
  });

  it('answers gRPC 10 (ABORTED: a transaction that kept losing to others) with a 409 and a sentence', async () => {
    const lines = captureLogs();
    await expect(firestoreCall(failing(10))).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: expect.stringMatching(/nothing was changed\. Please try again\.$/),
    });
    expect(lines).toEqual([]);
  });

  it('passes other failures on as they are, for the error handler to log', async () => {
    const lines = captureLogs();
    const error = await firestoreCall(failing(3)).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 3 });
    expect(lines).toEqual([]);
  });

  it('logs a refusal once, where it happened, not again in the call around it', async () => {
    const lines = captureLogs();
    await expect(firestoreCall(firestoreCall(failing(14)))).rejects.toMatchObject({ status: 503 });
    expect(lines).toHaveLength(1);
  });
});
