import { assertRoomFor } from '../accounts/write-budget';
import { DEFAULT_LIMITS, type AccountLimits } from '../config/limits';
import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import {
  LIMITS,
  UpdatePlantInputSchema,
  applyCareInput,
  changedCareTasks,
  nextDateOrDefault,
  parseWateringInterval,
  utcToday,
  withNextDates,
  type CreatePlantInput,
  type Plant,
  type UpdatePlantInput,
  type UpdatePlantRequest,
} from '../model';
import type { NewPlantRecord, PlantChanges, PlantsRepository } from './plants.repository';
import { isPlausiblePlantId } from './plants.schemas';

export type { Viewer };

/**
 * The fields PUT /mango/:id replaces; an absent optional one (description) is removed. `care` is
 * not one of them: absent, it leaves the schedules as they are (changesBetween).
 */
export const UPDATABLE_FIELDS = Object.keys(UpdatePlantInputSchema.shape) as (keyof UpdatePlantInput)[];

export const plantNotFound = () =>
  new HttpError(404, 'not_found', 'That plant does not exist. It may have been deleted.');
const notYourPlant = () => new HttpError(403, 'forbidden', 'You can only change or delete your own plants.');

/** Owner-only fields (the email, the uid, the care schedules) leave the server only for the owner. */
export function forViewer(plant: Plant, viewer: Viewer | null): Plant {
  if (viewer && plant.ownerUid === viewer.uid) return plant;
  const { userEmail: _email, ownerUid: _uid, care: _care, ...publicPlant } = plant;
  return publicPlant;
}

/** The owner's name shown with their plants: the account's display name, else the email's local part. */
export function ownerNameOf(viewer: Viewer & { email: string }): string {
  const name = viewer.name?.trim() || viewer.email.split('@')[0] || viewer.email;
  return name.slice(0, LIMITS.userName);
}

/** The email that owns a user's plants: the token's; an account without one cannot own plants (403). */
export function ownerEmailOf(viewer: Viewer): string {
  if (!viewer.email)
    throw new HttpError(
      403,
      'email_required',
      'Your account has no email address, so it cannot own plants. Sign in with email or Google.',
    );
  return viewer.email;
}

/**
 * The plant a user's input makes, as the repository stores it: owner fields from the verified token
 * only (the input schema has already dropped any in the body), the interval the server reads in
 * the watering frequency, and a next date for watering and every care task whose interval is
 * understood but whose next date was left out (from the last date, or from `today`).
 */
export function newPlantRecord(viewer: Viewer, input: CreatePlantInput, today: string): NewPlantRecord {
  const email = ownerEmailOf(viewer);
  const wateringIntervalDays = parseWateringInterval(input.wateringFrequency);
  const nextWateringDate = nextDateOrDefault(
    { lastDate: input.lastWateredDate, nextDate: input.nextWateringDate },
    wateringIntervalDays,
    today,
  );
  return {
    ...input,
    ...(nextWateringDate ? { nextWateringDate } : {}),
    ...(input.care ? { care: withNextDates(input.care, today) } : {}),
    wateringIntervalDays,
    userEmail: email,
    userName: ownerNameOf({ ...viewer, email }),
    ownerUid: viewer.uid,
  };
}

/**
 * What an update would change on the stored plant; empty when the input matches it. A new
 * watering frequency brings the interval the server reads in it; a care task whose interval is
 * understood gets a next date when it has none (as on creation).
 */
export function changesBetween(current: Plant, input: UpdatePlantRequest, today: string): PlantChanges {
  const changes: PlantChanges = {};
  for (const field of UPDATABLE_FIELDS) {
    if (current[field] !== input[field]) changes[field] = input[field];
  }
  if (changes.wateringFrequency !== undefined) {
    const interval = parseWateringInterval(changes.wateringFrequency);
    if (interval !== (current.wateringIntervalDays ?? null)) changes.wateringIntervalDays = interval;
  }
  if (input.care !== undefined) {
    const care = withNextDates(applyCareInput(current.care, input.care), today);
    if (changedCareTasks(current.care, care).length) changes.care = care;
  }
  return changes;
}

export function assertOwner(plant: Plant | null, viewer: Viewer): asserts plant is Plant {
  if (!plant) throw plantNotFound();
  if (plant.ownerUid !== viewer.uid) throw notYourPlant();
}

export function assertPlausibleId(id: string): void {
  if (!isPlausiblePlantId(id)) throw plantNotFound();
}

/**
 * The rules of the plant store: a plant read, created, changed and deleted. Anonymous callers are
 * `null`; routes that need a user pass a Viewer (authentication itself is middleware/authenticate.ts).
 */
export function createPlantsService(
  repository: () => PlantsRepository,
  clock: () => Date = () => new Date(),
  limits: () => AccountLimits = () => DEFAULT_LIMITS,
) {
  return {
    async getPlant(viewer: Viewer | null, id: string): Promise<Plant> {
      assertPlausibleId(id);
      const plant = await repository().getPlant(id);
      if (!plant) throw plantNotFound();
      return forViewer(plant, viewer);
    },

    async createPlant(viewer: Viewer, input: CreatePlantInput): Promise<string> {
      const now = clock();
      return repository().createPlant(newPlantRecord(viewer, input, utcToday(now)), now, (account) =>
        assertRoomFor(1, account.plantCount, limits()),
      );
    },

    /** @returns modifiedCount: 1 when something was stored, 0 when the input matched the plant */
    async updatePlant(viewer: Viewer, id: string, input: UpdatePlantRequest): Promise<0 | 1> {
      assertPlausibleId(id);
      const now = clock();
      const written = await repository().updatePlant(
        id,
        viewer.uid,
        (current) => {
          assertOwner(current, viewer);
          return changesBetween(current, input, utcToday(now));
        },
        now,
      );
      return written ? 1 : 0;
    },

    /** @returns deletedCount, always 1: anything else is an error */
    async deletePlant(viewer: Viewer, id: string): Promise<1> {
      assertPlausibleId(id);
      await repository().deletePlant(id, viewer.uid, (current) => assertOwner(current, viewer), clock());
      return 1;
    },
  };
}

export type PlantsService = ReturnType<typeof createPlantsService>;
