import type { RequestHandler, Response } from 'express';
import type { Auth, DecodedIdToken } from 'firebase-admin/auth';
import { withDeadline } from '../lib/deadline';
import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';

/** Firebase ID tokens are about 1 KB; anything far longer is not one. */
const MAX_TOKEN_LENGTH = 4096;
const BEARER = /^Bearer +(\S+) *$/i;

/** verifyIdToken's answers that mean "this token proves nothing", as opposed to an outage. */
const REJECTED_TOKEN_CODES = new Set([
  'auth/argument-error',
  'auth/invalid-argument',
  'auth/invalid-id-token',
  'auth/id-token-expired',
  'auth/id-token-revoked',
  'auth/user-disabled',
  'auth/user-not-found',
]);

const invalidToken = () =>
  new HttpError(401, 'invalid_token', 'Your sign-in could not be verified. Please sign in again.');

function viewerFrom(token: DecodedIdToken): Viewer {
  return {
    uid: token.uid,
    ...(typeof token.email === 'string' ? { email: token.email } : {}),
    ...(token.email_verified === true ? { emailVerified: true } : {}),
    ...(typeof token.name === 'string' && token.name.trim() ? { name: token.name.trim() } : {}),
  };
}

/** Methods that change something: their token is checked against the account as it is now. */
const isWrite = (method: string) => !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());

/**
 * Reads `Authorization: Bearer <Firebase ID token>` and puts the verified user in res.locals.
 * No header: an anonymous visitor (routes decide whether that is enough). A header that does not
 * verify is a 401 on every route: a caller who claims to be someone gets no silent downgrade.
 *
 * A write (POST, PUT, PATCH, DELETE) also asks Firebase Auth whether the account is disabled or
 * its sessions revoked since the token was made (`checkRevoked`): one more call to Auth, so a
 * disabled account changes nothing from then on (401 user_disabled, a revoked session 401
 * invalid_token). A read trusts the token until it expires (an hour at most): checking would add
 * that call to every page view, and a read changes nothing.
 *
 * Against the Auth emulator firebase-admin skips the signature check (emulator tokens are unsigned)
 * and makes the account check on every token; in production it checks the signature against
 * Google's keys, and the account only when asked.
 */
export function authenticate(auth: () => Auth): RequestHandler {
  return async (req, res, next) => {
    // Verified once per request, by whichever router the request meets first.
    if (res.locals.viewer !== undefined) {
      next();
      return;
    }
    const header = req.get('authorization');
    if (header === undefined) {
      res.locals.viewer = null;
      next();
      return;
    }
    const token = BEARER.exec(header)?.[1];
    if (!token || token.length > MAX_TOKEN_LENGTH) throw invalidToken();
    let decoded: DecodedIdToken;
    try {
      decoded = await withDeadline(
        auth().verifyIdToken(token, isWrite(req.method)),
        undefined,
        'Your sign-in cannot be checked right now. Please try again in a moment.',
      );
    } catch (error) {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'auth/id-token-expired')
        throw new HttpError(401, 'token_expired', 'Your sign-in has expired. Please sign in again.');
      if (code === 'auth/user-disabled')
        throw new HttpError(
          401,
          'user_disabled',
          'This account has been disabled: it can no longer make changes. Contact support if you think this is a mistake.',
        );
      if (typeof code === 'string' && REJECTED_TOKEN_CODES.has(code)) throw invalidToken();
      throw error;
    }
    res.locals.viewer = viewerFrom(decoded);
    next();
  };
}

/** The verified user of this request, or null for an anonymous visitor. */
export function viewerOf(res: Response): Viewer | null {
  return (res.locals.viewer as Viewer | null | undefined) ?? null;
}

/** The verified user, or a 401 "who are you?". */
export function requireViewer(res: Response): Viewer {
  const viewer = viewerOf(res);
  if (!viewer) throw new HttpError(401, 'unauthenticated', 'Please sign in to do that.');
  return viewer;
}

/** Route guard: 401 before anything else (body parsing, validation) when nobody is signed in. */
export const requireSignedIn: RequestHandler = (_req, res, next) => {
  requireViewer(res);
  next();
};
