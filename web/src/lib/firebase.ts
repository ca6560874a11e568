/*
 * The Firebase JS SDK, initialised once. Only lib/auth.ts imports this module, and only through a
 * dynamic import(), so the SDK stays out of the bundle that `/` needs before it is interactive.
 */
import { initializeApp } from 'firebase/app';
import { browserLocalPersistence, connectAuthEmulator, indexedDBLocalPersistence, initializeAuth } from 'firebase/auth';
import { authEmulatorUrl, firebaseConfig, usesEmulators } from '@/config/firebase-config';

export const app = initializeApp(firebaseConfig);
// initializeAuth without a popup resolver: getAuth() would fetch Google's gapi script on every
// page for every visitor. The resolver goes only to signInWithPopup, when someone picks Google.
export const auth = initializeAuth(app, { persistence: [indexedDBLocalPersistence, browserLocalPersistence] });
if (usesEmulators) connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });

export {
  browserPopupRedirectResolver,
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth';
export type { User } from 'firebase/auth';
