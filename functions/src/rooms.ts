import type { Auth } from 'firebase-admin/auth';
import type { Firestore } from 'firebase-admin/firestore';
import { createAccountsRepository } from './accounts/accounts.repository';
import { createActivityRepository } from './activity/activity.repository';
import { createCalendarRepository } from './calendar/calendar.repository';
import { createCalendarService } from './calendar/calendar.service';
import { createCareRepository } from './care/care.repository';
import { createCareService } from './care/care.service';
import { limitsFromEnv, type AccountLimits } from './config/limits';
import { localStackFromEnv } from './config/local-stack';
import { reminderDeliveryFromParams, type ReminderDelivery } from './config/reminders';
import { CALENDAR_FEED_KEY } from './config/runtime';
import { createDueRepository } from './due/due.repository';
import { createDueService } from './due/due.service';
import { createDutyRepository } from './households/duty.repository';
import { createDutyService } from './households/duty.service';
import { dutyReader } from './households/duty';
import { createHouseholdsRepository } from './households/households.repository';
import { createHouseholdsService } from './households/households.service';
import { membershipInWriteReader, membershipReader } from './households/memberships.repository';
import { getAdminAuth, getDb } from './lib/firebase';
import { once } from './lib/once';
import { cloudTaskQueues, type TaskQueues } from './lib/task-queue';
import { renderPhoto } from './photos/photo-image';
import { createPhotosRepository } from './photos/photos.repository';
import { createPhotosService } from './photos/photos.service';
import { createPlaceBooks, type PlacesReader } from './places/place-books.repository';
import { createPlacesRepository } from './places/places.repository';
import { createPlacesService } from './places/places.service';
import { createPlantListRepository } from './plant-list/plant-list.repository';
import { createPlantListService } from './plant-list/plant-list.service';
import { createPlantPurgeService } from './plants/plant-purge.service';
import { createPlantSeasonsService } from './plants/plant-seasons.service';
import {
  countPlants,
  createPlantPurgeRepository,
  createPlantsRepository,
  plantReadsOf,
} from './plants/plants.repository';
import { createPlantsService } from './plants/plants.service';
import { createRemindersRepository } from './reminders/reminders.repository';
import { createRemindersService } from './reminders/reminders.service';
import { createStatsService } from './stats/stats.service';
import { createTransferRepository } from './transfer/transfer.repository';
import { createTransferService } from './transfer/transfer.service';

export interface RoomsDependencies {
  /** Called on first use, so building the rooms does not load firebase-admin. */
  db: () => Firestore;
  /** Verifies ID tokens and reads accounts; called on first use. */
  auth: () => Auth;
  /**
   * The time of a change (createdAt, updatedAt, activity records), of a job's run and the end of
   * the stats windows. Tests pass a time of their own.
   */
  clock: () => Date;
  /** What one account may write (config/limits.ts); tests and local stacks may set their own. */
  limits: AccountLimits;
  /** Decodes and encodes an accepted upload (photos/photo-image.ts); tests watch it. */
  renderPhoto: typeof renderPhoto;
  /** Where work after an answer goes (Cloud Tasks; the Cloud Tasks emulator locally). */
  tasks: TaskQueues;
  /** How reminders are sent (config/reminders.ts); read on first use. */
  reminderDelivery: () => ReminderDelivery;
  /** Whether push endpoints on http://127.0.0.1 and http://localhost are accepted (config/local-stack.ts). */
  localPushReceivers: boolean;
}

/** The function's own: Firestore, Auth, Cloud Tasks, and its settings as its environment and params give them. */
export const functionDependencies = (): RoomsDependencies & { reportReads: boolean } => ({
  db: getDb,
  auth: getAdminAuth,
  clock: () => new Date(),
  limits: limitsFromEnv(),
  renderPhoto,
  tasks: cloudTaskQueues(),
  reminderDelivery: reminderDeliveryFromParams,
  ...localStackFromEnv(),
});

/**
 * Every room's service, built once from `deps`: what the app's routers (app.ts) and the jobs
 * (jobs.ts) call. Repositories are made on first use, so building the rooms reads nothing.
 */
export function createRooms(deps: RoomsDependencies) {
  const { db, clock, tasks } = deps;
  const limits = () => deps.limits;
  const accountsRepository = once(() =>
    createAccountsRepository(db(), limits, (uid) => countPlants(db(), uid), membershipInWriteReader(db)),
  );
  const membershipOf = membershipReader(db);
  const dutyOf = dutyReader(db);
  const plantReads = once(() => plantReadsOf(db()));
  const activityRepository = once(() => createActivityRepository(db()));
  // The places' books, which the plant rooms are handed: a view reads them to say where its plants
  // stand, a change of a plant to put it in a place.
  const placeBooks = once(() => createPlaceBooks(db()));
  const placesOf: PlacesReader = (viewer, read, membership, now) => placeBooks().read(viewer, read, membership, now);
  const plantsRepository = once(() =>
    createPlantsRepository(db(), accountsRepository(), activityRepository(), placeBooks()),
  );
  const plantListRepository = once(() => createPlantListRepository(plantReads()));
  const photosRepository = once(() => createPhotosRepository(db(), accountsRepository(), plantsRepository()));
  const careRepository = once(() =>
    createCareRepository(accountsRepository(), plantsRepository(), (plantId, photoId) =>
      photosRepository().photoExists(plantId, photoId),
    ),
  );
  const dueRepository = once(() => createDueRepository(plantReads()));
  const remindersRepository = once(() => createRemindersRepository(db(), accountsRepository()));

  const dueService = createDueService(dueRepository, clock, membershipOf, dutyOf, placesOf);
  const remindersService = createRemindersService({
    repository: remindersRepository,
    due: dueService,
    tasks,
    delivery: deps.reminderDelivery,
    auth: deps.auth,
    clock,
    localPushReceivers: deps.localPushReceivers,
  });
  const plantPurge = createPlantPurgeService(() => createPlantPurgeRepository(db()), tasks);

  return {
    due: dueService,
    reminders: remindersService,
    plantPurge,
    plantList: createPlantListService(
      plantListRepository,
      clock,
      membershipOf,
      placesOf,
      (viewer, placeId, membership, now) => placeBooks().readPlace(viewer, placeId, membership, now),
    ),
    stats: createStatsService(() => {
      const store = plantsRepository();
      return { countPlants: store.countPlants, hasCategory: store.hasCategory, activity: activityRepository() };
    }, clock),
    calendar: createCalendarService(
      once(() => createCalendarRepository(db(), accountsRepository(), dueRepository())),
      {
        clock,
        feedKey: () => CALENDAR_FEED_KEY.value(),
        membershipOf,
        dutyOf,
        placesOf,
        // The person's reminder settings keep the language their digests and feeds speak.
        languageOf: async (uid) => (await remindersRepository().getSettings(uid)).language,
      },
    ),
    households: createHouseholdsService(
      once(() => createHouseholdsRepository(db(), accountsRepository(), limits)),
      clock,
    ),
    duty: createDutyService(
      once(() => createDutyRepository(db(), accountsRepository())),
      clock,
    ),
    places: createPlacesService(
      once(() => createPlacesRepository(db(), accountsRepository(), plantsRepository().placedPlants)),
      clock,
      membershipOf,
      tasks,
    ),
    transfer: createTransferService(
      once(() =>
        createTransferRepository(db(), accountsRepository(), {
          store: plantsRepository(),
          list: plantListRepository(),
          care: careRepository(),
          places: placeBooks(),
        }),
      ),
      clock,
      limits,
      membershipOf,
      remindersService.seasonContextOf,
      placesOf,
    ),
    photos: createPhotosService(photosRepository, clock, deps.renderPhoto, membershipOf, placesOf),
    care: createCareService(
      careRepository,
      plantsRepository,
      clock,
      membershipOf,
      remindersService.timeZoneOf,
      placesOf,
    ),
    plants: createPlantsService(
      plantsRepository,
      clock,
      limits,
      membershipOf,
      (id) => plantPurge.queuePurge(id),
      remindersService.seasonContextOf,
      placesOf,
    ),
    seasons: createPlantSeasonsService(plantsRepository, remindersService.seasonContextOf, clock),
  };
}
