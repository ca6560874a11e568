import { isCalendarDate } from './model/validators';
import { isPlausiblePlantId } from './plants/plants.schemas';
import type { DigestTask } from './reminders/reminders.service';
import type { EmptyPlaceTask } from './places/places.repository';
import { isPlausiblePlaceId } from './model/places';
import { once } from './lib/once';
import { createRooms, functionDependencies } from './rooms';

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

const built = once(() => createRooms(functionDependencies()));

/**
 * The work the function does outside a request: what its task queue and scheduled functions
 * (index.ts) call, on rooms built on first use as the app's are (rooms.ts). The API tests call the
 * same services on rooms of their own, with a clock they set.
 */
export const jobs = {
  purgePlant: (data: unknown) => built().plantPurge.purge(plantIdOf(data)),
  sweepPlantPurges: () => built().plantPurge.sweep(),
  queueDueDigests: () => built().reminders.queueDueDigests(),
  queueBatchDigests: (data: unknown) => built().reminders.queueBatchDigests(digestTasksOf(data)),
  sendDigest: (data: unknown) => built().reminders.sendDigest(digestTaskOf(data)),
  turnSeasons: () => built().seasons.turnSeasons(),
  emptyPlace: (data: unknown) => built().places.emptyPlace(emptyPlaceTaskOf(data)),
};
