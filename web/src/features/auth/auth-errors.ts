import { translate } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';

/*
 * Firebase Auth reports failures as error codes; the user reads a short sentence for each code
 * below instead, in the app's language. Anything unknown gets a generic sentence, never the raw
 * message.
 */
const messages = defineMessages({
  wrongPassword: { id: 'auth.error.wrongPassword', message: 'That password is not right. Try again, or reset it.' },
  userNotFound: {
    id: 'auth.error.userNotFound',
    message: 'No account uses that email address. Check it, or register.',
  },
  invalidCredential: { id: 'auth.error.invalidCredential', message: 'The email or password is not right. Try again.' },
  emailAlreadyInUse: {
    id: 'auth.error.emailAlreadyInUse',
    message: 'An account with this email address already exists. Log in instead.',
  },
  invalidEmail: { id: 'auth.error.invalidEmail', message: 'That email address does not look right.' },
  weakPassword: { id: 'auth.error.weakPassword', message: 'Password does not meet all requirements' },
  tooManyRequests: {
    id: 'auth.error.tooManyRequests',
    message: 'Too many attempts in a row. Wait a few minutes, then try again.',
  },
  userDisabled: { id: 'auth.error.userDisabled', message: 'This account has been disabled. Contact support for help.' },
  popupBlocked: {
    id: 'auth.error.popupBlocked',
    message: 'Your browser blocked the Google sign-in window. Allow pop-ups for this site and try again.',
  },
  popupClosedByUser: {
    id: 'auth.error.popupClosedByUser',
    message: 'The Google sign-in window was closed before you finished. Try again when you are ready.',
  },
  cancelledPopupRequest: {
    id: 'auth.error.cancelledPopupRequest',
    message: 'The Google sign-in was interrupted by another sign-in window. Try again.',
  },
  networkRequestFailed: {
    id: 'auth.error.networkRequestFailed',
    message: 'Could not reach the sign-in service. Check your internet connection and try again.',
  },
  unauthorizedDomain: {
    id: 'auth.error.unauthorizedDomain',
    message: 'Google sign-in is not enabled for this website address.',
  },
  operationNotAllowed: {
    id: 'auth.error.operationNotAllowed',
    message: 'This way of signing in is not enabled. Use another one.',
  },
  requiresRecentLogin: { id: 'auth.error.requiresRecentLogin', message: 'For your security, log in again and retry.' },
  expiredActionCode: { id: 'auth.error.expiredActionCode', message: 'That link has expired. Ask for a new one.' },
  multiFactorAuthRequired: {
    id: 'auth.error.multiFactorAuthRequired',
    message: 'This account needs a second sign-in step, which this site does not support yet.',
  },
  generic: { id: 'auth.error.generic', message: 'Something went wrong while signing in. Please try again.' },
  googleOffline: {
    id: 'auth.error.googleOffline',
    message:
      'Google sign-in needs an internet connection. Check your connection, or sign in with your email and password.',
  },
});

const MESSAGES: Record<string, Message> = {
  'auth/wrong-password': messages.wrongPassword,
  'auth/user-not-found': messages.userNotFound,
  'auth/invalid-credential': messages.invalidCredential,
  'auth/invalid-login-credentials': messages.invalidCredential,
  'auth/email-already-in-use': messages.emailAlreadyInUse,
  'auth/invalid-email': messages.invalidEmail,
  'auth/weak-password': messages.weakPassword,
  'auth/too-many-requests': messages.tooManyRequests,
  'auth/user-disabled': messages.userDisabled,
  'auth/popup-blocked': messages.popupBlocked,
  'auth/popup-closed-by-user': messages.popupClosedByUser,
  'auth/cancelled-popup-request': messages.cancelledPopupRequest,
  'auth/network-request-failed': messages.networkRequestFailed,
  'auth/unauthorized-domain': messages.unauthorizedDomain,
  'auth/operation-not-allowed': messages.operationNotAllowed,
  'auth/requires-recent-login': messages.requiresRecentLogin,
  'auth/expired-action-code': messages.expiredActionCode,
  'auth/multi-factor-auth-required': messages.multiFactorAuthRequired,
};

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
  if (google && isGoogleOffline(error)) return translate(messages.googleOffline);
  const code = codeOf(error);
  return translate((code && MESSAGES[code]) || messages.generic);
}
