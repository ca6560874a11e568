import type { App } from 'firebase-admin/app';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import type { Functions } from 'firebase-admin/functions';

/*
 * firebase-admin and its gRPC Firestore client are the heaviest modules of the function. They are
 * required on first use instead of at module load, so loading the function (deploy analysis, cold
 * start, the emulator) stays fast.
 */
/* eslint-disable @typescript-eslint/no-require-imports */

let app: App | undefined;
let db: Firestore | undefined;
let auth: Auth | undefined;

function adminApp(): App {
  if (!app) {
    const { getApps, initializeApp } = require('firebase-admin/app') as typeof import('firebase-admin/app');
    app = getApps()[0] ?? initializeApp();
  }
  return app;
}

export function getDb(): Firestore {
  if (!db) {
    const { getFirestore } = require('firebase-admin/firestore') as typeof import('firebase-admin/firestore');
    db = getFirestore(adminApp());
    db.settings({ ignoreUndefinedProperties: true });
  }
  return db;
}

export function getAdminAuth(): Auth {
  if (!auth) {
    const { getAuth } = require('firebase-admin/auth') as typeof import('firebase-admin/auth');
    auth = getAuth(adminApp());
  }
  return auth;
}

let functions: Functions | undefined;

/** firebase-admin's Cloud Functions client: task queues (lib/task-queue.ts). */
export function getAdminFunctions(): Functions {
  if (!functions) {
    const { getFunctions } = require('firebase-admin/functions') as typeof import('firebase-admin/functions');
    functions = getFunctions(adminApp());
  }
  return functions;
}
