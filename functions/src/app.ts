import express from 'express';
import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { CALENDAR_FEED_KEY } from './config/runtime';
import { createCalendarRepository, type CalendarRepository } from './calendar/calendar.repository';
import { createCalendarRouter } from './calendar/calendar.router';
import { createCalendarService } from './calendar/calendar.service';
import { createCareRepository, type CareRepository } from './care/care.repository';
import { createCareService } from './care/care.service';
import { createDueRepository, type DueRepository } from './due/due.repository';
import { createDueService } from './due/due.service';
import { createHouseholdsRepository, type HouseholdsRepository } from './households/households.repository';
import { createHouseholdsRouter } from './households/households.router';
import { createHouseholdsService } from './households/households.service';
import { createDutyRepository, type DutyRepository } from './households/duty.repository';
import { createDutyService } from './households/duty.service';
import { dutyReader } from './households/duty';
import { membershipReader } from './households/membership';
import { getAdminAuth, getDb } from './lib/firebase';
import { cloudTaskQueues, type TaskQueues } from './lib/task-queue';
import { createAccountsRepository, type AccountsRepository } from './accounts/accounts.repository';
import { limitsFromEnv, type AccountLimits } from './config/limits';
import { reminderDeliveryFromParams, type ReminderDelivery } from './config/reminders';
import { meterReads } from './lib/read-meter';
import { identifyRequests } from './lib/request-log';
import { errorHandler, notFound } from './middleware/error-handler';
import { limitVisitorReads } from './middleware/visitor-reads';
import { createPhotosRepository, type PhotosRepository } from './photos/photos.repository';
import { createPhotosRouter } from './photos/photos.router';
import { renderPhoto } from './photos/photo-image';
import { createPhotosService } from './photos/photos.service';
import { createPlantListRepository, type PlantListRepository } from './plant-list/plant-list.repository';
import { createPlantListService } from './plant-list/plant-list.service';
import { createPlantPurgeService } from './plants/plant-purge.service';
import { createActivityRepository, type ActivityRepository } from './activity/activity.repository';
import {
  countPlants,
  createPlantPurgeRepository,
  createPlantsRepository,
  plantStoreAccess,
  type PlantStoreAccess,
  type PlantsRepository,
} from './plants/plants.repository';
import { createPlantsRouter } from './plants/plants.router';
import { createPlantListRouter } from './plant-list/plant-list.router';
import { createDueRouter } from './due/due.router';
import { createCareRouter } from './care/care.router';
import { createPlantsService } from './plants/plants.service';
import { createPlaceBooks, type PlaceBooks, type PlacesReader } from './places/place-books.repository';
import { createPlacesRepository, type PlacesRepository } from './places/places.repository';
import { createPlacesRouter } from './places/places.router';
import { createPlacesService } from './places/places.service';
import { createRemindersRepository, type RemindersRepository } from './reminders/reminders.repository';
import { createRemindersRouter } from './reminders/reminders.router';
import { createRemindersService } from './reminders/reminders.service';
import { speciesCatalogue } from './species/species.catalogue';
import { createSpeciesRouter } from './species/species.router';
import { createStatsRouter } from './stats/stats.router';
import { createStatsService } from './stats/stats.service';
import { createTransferRepository, type TransferRepository } from './transfer/transfer.repository';
import { createTransferRouter } from './transfer/transfer.router';
import { createTransferService } from './transfer/transfer.service';

export interface AppDependencies {
  /** Called on first use, so building the app does not load firebase-admin. */
  db: () => Firestore;
  /** Verifies ID tokens; called on the first request that carries one. */
  auth: () => Auth;
  /**
   * The time of a change (createdAt, updatedAt, activity records) and the end of the stats
   * windows. Tests pass a fixed time to place the stats windows where no other test writes.
   */
  clock: () => Date;
  /**
   * Whether answers say what they read from Firestore (`X-Firestore-Reads`, lib/read-meter.ts): on
   * against the emulator, where the benchmark and the tests read it; off in production.
   */
  reportReads: boolean;
  /** What one account may write (config/limits.ts); tests and local stacks may set their own. */
  limits: AccountLimits;
  /** Decodes and encodes an accepted upload (photos/photo-image.ts); tests watch it. */
  renderPhoto: typeof renderPhoto;
  /** Where work after an answer goes (Cloud Tasks; the Cloud Tasks emulator locally). */
  tasks: TaskQueues;
  /** How reminders are sent (config/reminders.ts); read on first use. */
  reminderDelivery: () => ReminderDelivery;
  /**
   * Whether push endpoints on http://127.0.0.1 and http://localhost are accepted (reminders/push-endpoints.ts):
   * on the local stack, where tests run push receivers of their own; never in production.
   */
  localPushReceivers: boolean;
}

const defaultDependencies: AppDependencies = {
  db: getDb,
  auth: getAdminAuth,
  clock: () => new Date(),
  reportReads: process.env.FIRESTORE_EMULATOR_HOST !== undefined,
  limits: limitsFromEnv(),
  renderPhoto,
  tasks: cloudTaskQueues(),
  reminderDelivery: reminderDeliveryFromParams,
  localPushReceivers: process.env.FIRESTORE_EMULATOR_HOST !== undefined,
};

export function createApp(overrides: Partial<AppDependencies> = {}): express.Express {
  const dependencies = { ...defaultDependencies, ...overrides };
  let accounts: AccountsRepository | undefined;
  let plants: PlantsRepository | undefined;
  let plantList: PlantListRepository | undefined;
  let care: CareRepository | undefined;
  let due: DueRepository | undefined;
  let photos: PhotosRepository | undefined;
  let transfer: TransferRepository | undefined;
  let households: HouseholdsRepository | undefined;
  let duty: DutyRepository | undefined;
  let reminders: RemindersRepository | undefined;
  let activity: ActivityRepository | undefined;
  let calendar: CalendarRepository | undefined;
  let books: PlaceBooks | undefined;
  let places: PlacesRepository | undefined;
  const limits = () => dependencies.limits;
  const accountsRepository = () =>
    (accounts ??= createAccountsRepository(dependencies.db(), limits, (uid) => countPlants(dependencies.db(), uid)));
  const membershipOf = membershipReader(dependencies.db);
  let storeAccess: PlantStoreAccess | undefined;
  const plantStore = () => (storeAccess ??= plantStoreAccess(dependencies.db()));
  const activityRepository = () => (activity ??= createActivityRepository(dependencies.db()));
  // The places' books, which the plant rooms are handed: a view reads them to say where its plants
  // stand, a change of a plant to put it in a place.
  const placeBooks = () => (books ??= createPlaceBooks(dependencies.db()));
  const placesOf: PlacesReader = (viewer, read, membership, now) => placeBooks().read(viewer, read, membership, now);
  const plantsRepository = () =>
    (plants ??= createPlantsRepository(dependencies.db(), accountsRepository(), activityRepository(), placeBooks()));
  const placesRepository = () =>
    (places ??= createPlacesRepository(
      dependencies.db(),
      accountsRepository(),
      placeBooks(),
      plantsRepository().placedPlants,
    ));
  const plantListRepository = () => (plantList ??= createPlantListRepository(plantStore()));
  const careRepository = () =>
    (care ??= createCareRepository(
      dependencies.db(),
      accountsRepository(),
      plantsRepository(),
      plantStore(),
      activityRepository(),
    ));
  const dueRepository = () => (due ??= createDueRepository(plantStore()));
  const dueService = createDueService(
    dueRepository,
    dependencies.clock,
    membershipOf,
    dutyReader(dependencies.db),
    placesOf,
  );
  const remindersRepository = () => (reminders ??= createRemindersRepository(dependencies.db(), accountsRepository()));
  const remindersService = createRemindersService({
    repository: remindersRepository,
    due: dueService,
    tasks: dependencies.tasks,
    delivery: dependencies.reminderDelivery,
    auth: dependencies.auth,
    clock: dependencies.clock,
    localPushReceivers: dependencies.localPushReceivers,
  });
  const photosRepository = () =>
    (photos ??= createPhotosRepository(dependencies.db(), accountsRepository(), plantStore()));
  const calendarRepository = () =>
    (calendar ??= createCalendarRepository(dependencies.db(), accountsRepository(), dueRepository()));
  const plantListService = createPlantListService(
    plantListRepository,
    dependencies.clock,
    membershipOf,
    placesOf,
    (viewer, placeId, membership, now) => placeBooks().readPlace(viewer, placeId, membership, now),
  );
  const statsSources = () => {
    const store = plantsRepository();
    return { countPlants: store.countPlants, hasCategory: store.hasCategory, activity: activityRepository() };
  };
  const transferRepository = () =>
    (transfer ??= createTransferRepository(dependencies.db(), accountsRepository(), {
      store: plantsRepository(),
      list: plantListRepository(),
      care: careRepository(),
      places: placeBooks(),
    }));

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  // ETags are set on purpose, on public answers and the calendar feed only (lib/http-cache.ts).
  app.set('etag', false);
  app.set('report reads', dependencies.reportReads);
  app.use(identifyRequests);
  app.use(meterReads);
  app.use('/mango', limitVisitorReads(limits, dependencies.clock));

  // Before the plants router, whose /:id would otherwise take "stats", "species" or "places" for a plant id.
  app.use('/mango/species', createSpeciesRouter(speciesCatalogue()));
  app.use('/mango/stats', createStatsRouter(createStatsService(statsSources, dependencies.clock), dependencies.auth));
  app.use(
    '/mango/calendar',
    createCalendarRouter(
      createCalendarService(calendarRepository, {
        clock: dependencies.clock,
        feedKey: () => CALENDAR_FEED_KEY.value(),
        membershipOf,
        dutyOf: dutyReader(dependencies.db),
        placesOf,
        // The person's reminder settings keep the language their digests and feeds speak.
        languageOf: async (uid) => (await remindersRepository().getSettings(uid)).language,
      }),
      dependencies.auth,
    ),
  );
  app.use('/mango/reminders', createRemindersRouter(remindersService, dependencies.auth));
  app.use(
    '/mango/household',
    createHouseholdsRouter(
      createHouseholdsService(
        () => (households ??= createHouseholdsRepository(dependencies.db(), accountsRepository(), limits)),
        dependencies.clock,
      ),
      plantListService,
      createDutyService(
        () => (duty ??= createDutyRepository(dependencies.db(), accountsRepository())),
        dependencies.clock,
      ),
      dependencies.auth,
    ),
  );
  app.use(
    '/mango/places',
    createPlacesRouter(
      createPlacesService(placesRepository, dependencies.clock, membershipOf, dependencies.tasks),
      dependencies.auth,
    ),
  );
  // /mango/export and /mango/import only (its routes verify the token themselves).
  app.use(
    '/mango',
    createTransferRouter(
      createTransferService(
        transferRepository,
        dependencies.clock,
        limits,
        membershipOf,
        remindersService.seasonContextOf,
        placesOf,
      ),
      dependencies.auth,
    ),
  );
  // /mango/:id/photos..., /mango/:id/cover (its routes verify the token themselves).
  app.use(
    '/mango',
    createPhotosRouter(
      createPhotosService(photosRepository, dependencies.clock, dependencies.renderPhoto, membershipOf, placesOf),
      dependencies.auth,
    ),
  );
  // The plant rooms share /mango: the list (GET /, /facets), what is due, care, then the store,
  // whose /:id would take the others' fixed paths for plant ids. A token is verified once per request.
  app.use('/mango', createPlantListRouter(plantListService, dependencies.auth));
  app.use('/mango', createDueRouter(dueService, dependencies.auth));
  app.use(
    '/mango',
    createCareRouter(
      createCareService(
        careRepository,
        plantsRepository,
        dependencies.clock,
        membershipOf,
        remindersService.timeZoneOf,
        placesOf,
      ),
      dependencies.auth,
    ),
  );
  app.use(
    '/mango',
    createPlantsRouter(
      createPlantsService(
        plantsRepository,
        dependencies.clock,
        limits,
        membershipOf,
        (id) =>
          createPlantPurgeService(() => createPlantPurgeRepository(dependencies.db()), dependencies.tasks).queuePurge(
            id,
          ),
        remindersService.seasonContextOf,
        placesOf,
      ),
      dependencies.auth,
    ),
  );
  app.use(notFound);
  app.use(errorHandler);
  return app;
}
