import express from 'express';
import { createCalendarRouter } from './calendar/calendar.router';
import { createCareRouter } from './care/care.router';
import { createDueRouter } from './due/due.router';
import { createHouseholdsRouter } from './households/households.router';
import { meterReads } from './lib/read-meter';
import { identifyRequests } from './lib/request-log';
import { errorHandler, notFound } from './middleware/error-handler';
import { limitVisitorReads } from './middleware/visitor-reads';
import { createPhotosRouter } from './photos/photos.router';
import { createPlacesRouter } from './places/places.router';
import { createPlantListRouter } from './plant-list/plant-list.router';
import { createPlantsRouter } from './plants/plants.router';
import { createRemindersRouter } from './reminders/reminders.router';
import { createRooms, functionDependencies, type RoomsDependencies } from './rooms';
import { speciesCatalogue } from './species/species.catalogue';
import { createSpeciesRouter } from './species/species.router';
import { createStatsRouter } from './stats/stats.router';
import { createTransferRouter } from './transfer/transfer.router';

export interface AppDependencies extends RoomsDependencies {
  /** Whether answers say what they read from Firestore (config/local-stack.ts). */
  reportReads: boolean;
}

/** The API: each room's router over the rooms' services (rooms.ts), the function's own unless `overrides` say. */
export function createApp(overrides: Partial<AppDependencies> = {}): express.Express {
  const dependencies = { ...functionDependencies(), ...overrides };
  const rooms = createRooms(dependencies);
  const { auth, clock } = dependencies;

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // ETags are set on purpose, on public answers and the calendar feed only (lib/http-cache.ts).
  app.set('etag', false);
  app.set('report reads', dependencies.reportReads);
  app.use(identifyRequests);
  app.use(meterReads);
  app.use(
    '/mango',
    limitVisitorReads(() => dependencies.limits, clock),
  );

  // Before the plants router, whose /:id would otherwise take "stats", "species" or "places" for a plant id.
  app.use('/mango/species', createSpeciesRouter(speciesCatalogue()));
  app.use('/mango/stats', createStatsRouter(rooms.stats, auth));
  app.use('/mango/calendar', createCalendarRouter(rooms.calendar, auth));
  app.use('/mango/reminders', createRemindersRouter(rooms.reminders, auth));
  app.use('/mango/household', createHouseholdsRouter(rooms.households, rooms.duty, auth));
  app.use('/mango/places', createPlacesRouter(rooms.places, auth));
  // /mango/export and /mango/import only (its routes verify the token themselves).
  app.use('/mango', createTransferRouter(rooms.transfer, auth));
  // /mango/:id/photos..., /mango/:id/cover (its routes verify the token themselves).
  app.use('/mango', createPhotosRouter(rooms.photos, auth));
  // The plant rooms share /mango: the list (GET /, /facets, /household/plants), what is due, care, then the store,
  // whose /:id would take the others' fixed paths for plant ids. A token is verified once per request.
  app.use('/mango', createPlantListRouter(rooms.plantList, auth));
  app.use('/mango', createDueRouter(rooms.due, auth));
  app.use('/mango', createCareRouter(rooms.care, auth));
  app.use('/mango', createPlantsRouter(rooms.plants, auth));
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
