/**
 * Firebase Auth reports failures as error codes; the user reads a short sentence for each code
 * below instead. Anything unknown gets a generic sentence, never the raw
 * message.
 */
const MESSAGES: Record<string, string> = {
  'auth/wrong-password': 'That password is not right. Try again, or reset it.',
  'auth/user-not-found': 'No account uses that email address. Check it, or register.',
  'auth/invalid-credential': 'The email or password is not right. Try again.',
  'auth/invalid-login-credentials': 'The email or password is not right. Try again.',
  'auth/email-already-in-use': 'An account with this email address already exists. Log in instead.',
  'auth/invalid-email': 'That email address does not look right.',
  'auth/weak-password': 'Password does not meet all requirements',
  'auth/too-many-requests': 'Too many attempts in a row. Wait a few minutes, then try again.',
  'auth/user-disabled': 'This account has been disabled. Contact support for help.',
  'auth/popup-blocked': 'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  'auth/popup-closed-by-user':
    'The Google sign-in window was closed before you finished. Try again when you are ready.',
  'auth/cancelled-popup-request': 'The Google sign-in was interrupted by another sign-in window. Try again.',
  'auth/network-request-failed': 'Could not reach the sign-in service. Check your internet connection and try again.',
  'auth/unauthorized-domain': 'Google sign-in is not enabled for this website address.',
  'auth/operation-not-allowed': 'This way of signing in is not enabled. Use another one.',
  'auth/requires-recent-login': 'For your security, log in again and retry.',
  'auth/expired-action-code': 'That link has expired. Ask for a new one.',
  'auth/multi-factor-auth-required': 'This account needs a second sign-in step, which this site does not support yet.',
};

export const GENERIC_AUTH_ERROR = 'Something went wrong while signing in. Please try again.';
export const GOOGLE_OFFLINE_ERROR =
  'Google sign-in needs an internet connection. Check your connection, or sign in with your email and password.';

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Google sign-in first loads Google's script (and, locally, the emulator's helper); when that
 * cannot load the SDK says network-request-failed, or internal-error carrying the script's
 * failed load event.
 */
function isGoogleOffline(error: unknown): boolean {
  const code = codeOf(error);
  if (code === 'auth/network-request-failed') return true;
  const data = (error as { customData?: unknown }).customData;
  return code === 'auth/internal-error' && typeof Event !== 'undefined' && data instanceof Event;
}

export function authErrorMessage(error: unknown, { google = false }: { google?: boolean } = {}): string {
  if (google && isGoogleOffline(error)) return GOOGLE_OFFLINE_ERROR;
  const code = codeOf(error);
  return (code && MESSAGES[code]) || GENERIC_AUTH_ERROR;
}
