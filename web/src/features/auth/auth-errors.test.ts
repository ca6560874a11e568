import { describe, expect, it } from 'vitest';
import { authErrorMessage } from './auth-errors';

const GENERIC_AUTH_ERROR = 'Something went wrong while signing in. Please try again.';
const GOOGLE_OFFLINE_ERROR =
  'Google sign-in needs an internet connection. Check your connection, or sign in with your email and password.';

const firebaseError = (code: string, customData?: unknown) =>
  Object.assign(new Error(`Firebase: Error (${code}).`), { code, customData });

describe('authErrorMessage', () => {
  it.each([
    ['auth/wrong-password', 'That password is not right. Try again, or reset it.'],
    ['auth/user-not-found', 'No account uses that email address. Check it, or register.'],
    ['auth/invalid-credential', 'The email or password is not right. Try again.'],
    ['auth/email-already-in-use', 'An account with this email address already exists. Log in instead.'],
    ['auth/too-many-requests', 'Too many attempts in a row. Wait a few minutes, then try again.'],
    [
      'auth/popup-blocked',
      'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
    ],
    [
      'auth/popup-closed-by-user',
      'The Google sign-in window was closed before you finished. Try again when you are ready.',
    ],
    ['auth/cancelled-popup-request', 'The Google sign-in was interrupted by another sign-in window. Try again.'],
    [
      'auth/network-request-failed',
      'Could not reach the sign-in service. Check your internet connection and try again.',
    ],
  ])('turns %s into a sentence', (code, sentence) => {
    expect(authErrorMessage(firebaseError(code))).toBe(sentence);
  });

  it('never shows an unknown code or a raw message', () => {
    expect(authErrorMessage(firebaseError('auth/something-new'))).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage(new Error('Firebase: boom'))).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage('nope')).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage(null)).toBe(GENERIC_AUTH_ERROR);
  });

  it('says Google sign-in needs the internet when its script or the network fails', () => {
    expect(authErrorMessage(firebaseError('auth/network-request-failed'), { google: true })).toBe(GOOGLE_OFFLINE_ERROR);
    expect(authErrorMessage(firebaseError('auth/internal-error', new Event('error')), { google: true })).toBe(
      GOOGLE_OFFLINE_ERROR,
    );
    expect(authErrorMessage(firebaseError('auth/internal-error'), { google: true })).toBe(GENERIC_AUTH_ERROR);
    expect(authErrorMessage(firebaseError('auth/popup-closed-by-user'), { google: true })).toMatch(
      /closed before you finished/,
    );
  });
});
