import type { Request, Response } from 'express';
import type { Auth } from 'firebase-admin/auth';
import { describe, expect, it, vi } from 'vitest';
import { authenticate } from './authenticate';

/** Which checkRevoked each method's request asks verifyIdToken for. */
async function checkRevokedFor(method: string): Promise<unknown> {
  const verifyIdToken = vi.fn(async (_token: string, _checkRevoked?: boolean) => ({ uid: 'gardener' }));
  const handler = authenticate(() => ({ verifyIdToken }) as unknown as Auth);
  const req = {
    method,
    get: (name: string) => (name.toLowerCase() === 'authorization' ? 'Bearer a.token.here' : undefined),
  } as unknown as Request;
  const res = { locals: {} } as Response;
  const next = vi.fn();
  await handler(req, res, next);
  expect(next).toHaveBeenCalledWith();
  expect(res.locals.viewer).toEqual({ uid: 'gardener' });
  return verifyIdToken.mock.calls[0]?.[1];
}

describe('authenticate', () => {
  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
    'asks Firebase Auth whether the account is disabled or revoked on a %s',
    async (method) => {
      expect(await checkRevokedFor(method)).toBe(true);
    },
  );

  it.each(['GET', 'HEAD'])('trusts the token until it expires on a %s', async (method) => {
    expect(await checkRevokedFor(method)).toBe(false);
  });

  it('verifies a token once per request, however many routers it passes', async () => {
    const verifyIdToken = vi.fn(async () => ({ uid: 'gardener' }));
    const auth = () => ({ verifyIdToken }) as unknown as Auth;
    const req = { method: 'GET', get: () => 'Bearer a.token.here' } as unknown as Request;
    const res = { locals: {} } as Response;
    const next = vi.fn();
    await authenticate(auth)(req, res, next);
    await authenticate(auth)(req, res, next);
    expect(verifyIdToken).toHaveBeenCalledTimes(1);
    expect(next).toHaveBeenCalledTimes(2);
    expect(res.locals.viewer).toEqual({ uid: 'gardener' });
  });
});
