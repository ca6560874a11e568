import { createAccountsRepository } from './accounts/accounts.repository';
import { limitsFromEnv } from './config/limits';
import { reminderDeliveryFromParams, type ReminderDelivery } from './config/reminders';
import { createDueRepository } from './due/due.repository';
import { createDueService } from './due/due.service';
import { dutyReader } from './households/duty';
import { membershipReader } from './households/membership';
import { getAdminAuth, getDb } from './lib/firebase';
import { cloudTaskQueues, type TaskQueues } from './lib/task-queue';
import { isCalendarDate } from './model/validators';
import { isPlausiblePlantId } from './plants/plants.schemas';
import { createPlantPurgeService } from './plants/plant-purge.service';
import {
  countPlants,
  createPlantPurgeRepository,
  createPlantsRepository,
  plantQuery,
} from './plants/plants.repository';
import { createPlantSeasonsService } from './plants/plant-seasons.service';
import { createActivityRepository } from './activity/activity.repository';
import { createRemindersRepository } from './reminders/reminders.repository';
import { createRemindersService, type DigestTask } from './reminders/reminders.service';
import { createPlaceBooks } from './places/place-books.repository';
import { createPlacesRepository, type EmptyPlaceTask } from './places/places.repository';
import { createPlacesService } from './places/places.service';
import { isPlausiblePlaceId } from './model/places';

const clock = () => new Date();
const plantPurge = () => createPlantPurgeService(() => createPlantPurgeRepository(getDb()), cloudTaskQueues());

/**
 * The reminders' jobs, on Firestore, Auth and the delivery settings of config/reminders.ts. The
 * API tests make their own with a clock they set (and settings of their own, to see a bad one refused).
 */
export function createReminderJobs(options: {
  clock: () => Date;
  tasks: TaskQueues;
  delivery?: () => ReminderDelivery;
}) {
  return createRemindersService({
    repository: () =>
      createRemindersRepository(
        getDb(),
        createAccountsRepository(getDb(), limitsFromEnv, (uid) => countPlants(getDb(), uid)),
      ),
    due: createDueService(
      () => createDueRepository(plantQuery(getDb())),
      options.clock,
      membershipReader(getDb),
      dutyReader(getDb),
    ),
    tasks: options.tasks,
    delivery: options.delivery ?? reminderDeliveryFromParams,
    auth: getAdminAuth,
    clock: options.clock,
    localPushReceivers: process.env.FIRESTORE_EMULATOR_HOST !== undefined,
  });
}

let remindersService: ReturnType<typeof createReminderJobs> | undefined;
const reminders = () => (remindersService ??= createReminderJobs({ clock, tasks: cloudTaskQueues() }));

/** The change of seasons (plants/plant-seasons.service.ts), in each owner's hemisphere; the API tests make their own with a clock they set. */
export function createSeasonJobs(options: { clock: () => Date }) {
  const db = getDb();
  const accounts = createAccountsRepository(db, limitsFromEnv, (uid) => countPlants(db, uid));
  return createPlantSeasonsService(
    () => createPlantsRepository(db, accounts, createActivityRepository(db)),
    (uid) => reminders().seasonContextOf(uid),
    options.clock,
  );
}

let seasonsService: ReturnType<typeof createSeasonJobs> | undefined;
const seasons = () => (seasonsService ??= createSeasonJobs({ clock }));

/** The places' jobs: a deleted place's plants moved out (emptyPlace), on Firestore; the API tests run it as the task would. */
export function createPlaceJobs(options: { clock: () => Date }) {
  const db = getDb();
  const accounts = createAccountsRepository(db, limitsFromEnv, (uid) => countPlants(db, uid));
  const books = createPlaceBooks(db);
  const store = createPlantsRepository(db, accounts, createActivityRepository(db), books);
  const repository = createPlacesRepository(db, accounts, books, store.placedPlants);
  return createPlacesService(() => repository, options.clock, membershipReader(getDb), cloudTaskQueues());
}

let placesService: ReturnType<typeof createPlaceJobs> | undefined;
const places = () => (placesService ??= createPlaceJobs({ clock }));

/** A task's data that is not what this function queues is an error: Cloud Tasks gives up on it after its retries. */
function plantIdOf(data: unknown): string {
  const plantId = (data as { plantId?: unknown } | null)?.plantId;
  if (typeof plantId !== 'string' || !isPlausiblePlantId(plantId)) throw new Error('A purge task without a plant id.');
  return plantId;
}

/** An emptyPlace task's data: the place's book (a person's or a household's) and the place. */
function emptyPlaceTaskOf(data: unknown): EmptyPlaceTask {
  const { household, bookId, placeId } = (data ?? {}) as Record<string, unknown>;
  if (typeof bookId !== 'string' || !bookId || bookId.length > 128 || bookId.includes('/'))
    throw new Error('An emptyPlace task without its book.');
  if (typeof placeId !== 'string' || !isPlausiblePlaceId(placeId))
    throw new Error('An emptyPlace task without a place.');
  if (household !== null && household !== bookId)
    throw new Error("An emptyPlace task whose household is not its book's.");
  return { household, bookId, placeId };
}

function digestTaskOf(data: unknown): DigestTask {
  const { uid, day, dueAt } = (data ?? {}) as Record<string, unknown>;
  if (typeof uid !== 'string' || !uid || uid.length > 128 || typeof day !== 'string' || !isCalendarDate(day))
    throw new Error('A digest task without a person and a day.');
  if (typeof dueAt !== 'string' || Number.isNaN(Date.parse(dueAt))) throw new Error('A digest task without its time.');
  return { uid, day, dueAt };
}

function digestTasksOf(data: unknown): DigestTask[] {
  const people = (data as { people?: unknown } | null)?.people;
  if (!Array.isArray(people)) throw new Error('A digest batch without people.');
  return people.map(digestTaskOf);
}

/**
 * The work the function does outside a request: what its task queue and scheduled functions
 * (index.ts) call, built from the same rooms as the app (app.ts), on first use.
 */
export const jobs = {
  purgePlant: (data: unknown) => plantPurge().purge(plantIdOf(data)),
  sweepPlantPurges: () => plantPurge().sweep(),
  queueDueDigests: () => reminders().queueDueDigests(),
  queueBatchDigests: (data: unknown) => reminders().queueBatchDigests(digestTasksOf(data)),
  sendDigest: (data: unknown) => reminders().sendDigest(digestTaskOf(data)),
  turnSeasons: () => seasons().turnSeasons(),
  emptyPlace: (data: unknown) => places().emptyPlace(emptyPlaceTaskOf(data)),
};
