import express from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { getAdminAuth, getDb } from './lib/firebase';
import { errorHandler, notFound } from './middleware/error-handler';
import { createPlantsRepository, type PlantsRepository } from './plants/plants.repository';
import { createPlantsRouter } from './plants/plants.router';
import { createPlantsService } from './plants/plants.service';

export interface AppDependencies {
  /** Called on first use, so building the app does not load firebase-admin. */
  db: () => Firestore;
  /** Verifies ID tokens; called on the first request that carries one. */
  auth: () => Auth;
}

const defaultDependencies: AppDependencies = { db: getDb, auth: getAdminAuth };

export function createApp(overrides: Partial<AppDependencies> = {}): express.Express {
  const dependencies = { ...defaultDependencies, ...overrides };
  let repository: PlantsRepository | undefined;
  const plantsRepository = () => (repository ??= createPlantsRepository(dependencies.db()));

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // ETags are set on purpose, on public answers only (lib/http-cache.ts).
  app.set('etag', false);

  app.use('/mango', createPlantsRouter(createPlantsService(plantsRepository), dependencies.auth));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
