import { describe, expect, it } from 'vitest';
import { firestoreCall } from './firestore-call';
import { HttpError } from './http-error';

const failing = (code: number) => Promise.reject(Object.assign(new Error(`gRPC ${code}`), { code }));

describe('firestoreCall', () => {
  it.each([
    [4, 'DEADLINE_EXCEEDED'],
    [8, 'RESOURCE_EXHAUSTED'],
    [9, 'FAILED_PRECONDITION (an index still building after a deploy)'],
    [14, 'UNAVAILABLE'],
  ])('answers gRPC %i (%s) with a 503 and a sentence', async (code) => {
    await expect(firestoreCall(failing(code))).rejects.toMatchObject({ status: 503, code: 'unavailable' });
  });

  it('answers gRPC 10 (ABORTED: a transaction that kept losing to others) with a 409 and a sentence', async () => {
    await expect(firestoreCall(failing(10))).rejects.toMatchObject({
      status: 409,
      code: 'conflict',
      message: expect.stringMatching(/nothing was changed\. Please try again\.$/),
    });
  });

  it('passes other failures on as they are, for the error handler to log', async () => {
    const error = await firestoreCall(failing(3)).catch((e: unknown) => e);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(error).toMatchObject({ code: 3 });
  });
});
