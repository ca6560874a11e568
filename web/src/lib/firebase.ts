/*
 * The Firebase JS SDK, initialised once. Only lib/auth.ts imports this module, and only through a
 * dynamic import(), so the SDK stays out of the bundle that `/` needs before it is interactive.
 */
import { initializeApp } from 'firebase/app';
import { connectAuthEmulator, getAuth } from 'firebase/auth';
import { authEmulatorUrl, firebaseConfig, usesEmulators } from '@/config/firebase-config';

export const app = initializeApp(firebaseConfig);
export const auth = getAuth(app);
if (usesEmulators) connectAuthEmulator(auth, authEmulatorUrl, { disableWarnings: true });

export {
  createUserWithEmailAndPassword,
  GoogleAuthProvider,
  onAuthStateChanged,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth';
export type { User } from 'firebase/auth';
