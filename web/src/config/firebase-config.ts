import type { FirebaseOptions } from 'firebase/app';

const env = import.meta.env;

/**
 * A real project's web config comes from VITE_FIREBASE_* (see web/.env.example). Without it the
 * app runs against the local emulators under the demo project.
 */
export const firebaseConfig: FirebaseOptions = env.VITE_FIREBASE_PROJECT_ID
  ? {
      apiKey: env.VITE_FIREBASE_API_KEY,
      authDomain: env.VITE_FIREBASE_AUTH_DOMAIN,
      projectId: env.VITE_FIREBASE_PROJECT_ID,
      appId: env.VITE_FIREBASE_APP_ID,
    }
  : { apiKey: 'demo-api-key', authDomain: 'demo-mango-grove.firebaseapp.com', projectId: 'demo-mango-grove' };

/** demo- projects exist only in the emulators, so they always use the Auth emulator. */
export const usesEmulators = firebaseConfig.projectId?.startsWith('demo-') ?? false;

export const authEmulatorUrl = env.VITE_AUTH_EMULATOR_URL || 'http://127.0.0.1:9099';
