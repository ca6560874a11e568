import express from 'express';
import type { Firestore } from 'firebase-admin/firestore';
import { getDb } from './lib/firebase';
import { errorHandler, notFound } from './middleware/error-handler';
import { createPlantsRepository, type PlantsRepository } from './plants/plants.repository';
import { createPlantsRouter } from './plants/plants.router';
import { createPlantsService } from './plants/plants.service';

export interface AppDependencies {
  /** Called on first use, so building the app does not load firebase-admin. */
  db: () => Firestore;
}

const defaultDependencies: AppDependencies = { db: getDb };

export function createApp(dependencies: AppDependencies = defaultDependencies): express.Express {
  let repository: PlantsRepository | undefined;
  const plantsRepository = () => (repository ??= createPlantsRepository(dependencies.db()));

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');

  app.use('/mango', createPlantsRouter(createPlantsService(plantsRepository)));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
