import { z } from './zod';
import {
  CARE_FREQUENCY_MAX,
  CARE_JOBS,
  CARE_JOB_WORDS,
  CARE_TASKS,
  applyCareInput,
  capitalise,
  type CareInput,
  type CareJob,
  type CareTask,
} from './care-tasks';
import { NOTE_TEXT_MAX } from './plant-events';
import { PLANT_ACTIONS } from './household';
import { LIGHT_FITS, LIGHT_LEVELS } from './light';
import { PlantPlaceIdSchema } from './places';
import { isCalendarDate, isSafeImageUrl } from './validators';

export { isCalendarDate, isSafeImageUrl };

/**
 * The plant model shared by the API and the web forms: one schema, two enforcers.
 * This file imports nothing but zod, so the browser bundle can use it as it is.
 */

export const PLANT_FORM_CATEGORIES = ['succulent', 'fern', 'flowering', 'bonsai'] as const;
export const DASHBOARD_CATEGORIES = ['Fruit', 'Flower', 'Vegetable', 'Herbs'] as const;
export const CATEGORIES = [...PLANT_FORM_CATEGORIES, ...DASHBOARD_CATEGORIES] as const;
export const CARE_LEVELS = ['easy', 'moderate', 'difficult'] as const;
export const HEALTH_STATUSES = ['Healthy', 'Needs Care', 'Critical'] as const;

export type Category = (typeof CATEGORIES)[number];
export type CareLevel = (typeof CARE_LEVELS)[number];

export const LIMITS = {
  plantName: 100,
  wateringFrequency: 60,
  healthStatus: 40,
  description: 2000,
  notes: 2000,
  image: 2048,
  userName: 100,
} as const;

/** Optional text fields arrive from forms as '' when left blank: treat that as "not given". */
function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

const requiredText = (label: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be text.`) })
    .trim()
    .min(1, `${label} is required.`)
    .max(max, `${label} must be at most ${max} characters.`);

const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const calendarDate = (label: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${label} is required.` : `${label} must be a date.`) })
    .trim()
    .refine(isCalendarDate, `${label} must be a real date written YYYY-MM-DD.`);

const imageUrl = z
  .string({ error: 'Image must be a URL.' })
  .trim()
  .max(LIMITS.image, `Image URL must be at most ${LIMITS.image} characters.`)
  .refine(isSafeImageUrl, 'Image must be an http or https URL.');

const oneOf = <const T extends readonly [string, ...string[]]>(label: string, values: T) =>
  z.enum(values, {
    error: (issue) =>
      issue.input === undefined || issue.input === ''
        ? `${label} is required.`
        : `${label} must be one of: ${values.join(', ')}.`,
  });

/** Blank text is "not set": null, for fields where null means that (a care task's). */
function blankToNull(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? null : value;
}

/**
 * One care task in `care`: its whole schedule (a field absent or blank is null; anything else in
 * the object, such as the intervalDays of an answer sent back, is ignored), or null to stop
 * tracking it.
 */
function careTaskSchema(task: CareTask) {
  const doing = CARE_JOB_WORDS[task].doing;
  const nullable = <T extends z.ZodType>(schema: T) => z.preprocess(blankToNull, schema.nullable().optional());
  return z
    .object(
      {
        frequency: nullable(
          z
            .string({ error: `${capitalise(doing)} frequency must be text.` })
            .trim()
            .max(
              CARE_FREQUENCY_MAX,
              `${capitalise(doing)} frequency must be at most ${CARE_FREQUENCY_MAX} characters.`,
            ),
        ),
        lastDate: nullable(calendarDate(`Last ${doing} date`)),
        nextDate: nullable(calendarDate(`Next ${doing} date`)),
      },
      {
        error: `care.${task} must be an object with frequency, lastDate and nextDate, or null to stop tracking ${doing}.`,
      },
    )
    .nullable()
    .optional();
}

const careShape = Object.fromEntries(CARE_TASKS.map((task) => [task, careTaskSchema(task)])) as Record<
  CareTask,
  ReturnType<typeof careTaskSchema>
>;

/**
 * `care` in POST /mango and PUT /mango/:id: the care tasks to track beside watering. A task absent
 * is left as it is, null stops tracking it, an object sets its schedule. Any other key is refused
 * (watering keeps its own fields).
 */
export const CareInputSchema: z.ZodType<CareInput> = z.strictObject(careShape, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `care tracks only these tasks: ${CARE_TASKS.join(', ')} (watering has its own fields).`
      : `care must be an object naming tasks (${CARE_TASKS.join(', ')}).`,
});

export const CategorySchema = oneOf('Category', CATEGORIES);
export const CareLevelSchema = oneOf('Care level', CARE_LEVELS);

const fields = {
  plantName: requiredText('Plant name', LIMITS.plantName),
  category: CategorySchema,
  careLevel: CareLevelSchema,
  wateringFrequency: requiredText('Watering frequency', LIMITS.wateringFrequency),
  healthStatus: requiredText('Health status', LIMITS.healthStatus),
  lastWateredDate: calendarDate('Last watered date'),
  nextWateringDate: calendarDate('Next watering date'),
  image: imageUrl,
  description: z
    .string({ error: 'Description must be text.' })
    .trim()
    .max(LIMITS.description, `Description must be at most ${LIMITS.description} characters.`),
  notes: z
    .string({ error: 'Notes must be text.' })
    .trim()
    .max(LIMITS.notes, `Notes must be at most ${LIMITS.notes} characters.`),
};

const sharedField = z.boolean({ error: 'Shared must be true or false.' });

export const WATERING_FOLLOWS = ['species', 'own'] as const;
export type WateringFollows = (typeof WATERING_FOLLOWS)[number];
/**
 * Whether the watering follows the species' seasons (its summer interval from the spring equinox
 * to the autumn one in the owner's hemisphere, its winter one otherwise) or the person's own frequency.
 */
const wateringFollowsField = z.enum(WATERING_FOLLOWS, {
  error: 'wateringFollows must be "species" (the species\' interval for the season) or "own" (the frequency given).',
});

/** A species' id in the catalogue (model/species.ts): its scientific name in kebab case ("monstera-deliciosa"). */
export const SPECIES_ID_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SPECIES_ID_MAX = 80;

const SPECIES_ID_MESSAGE = 'speciesId must be the id of a species in the catalogue, such as monstera-deliciosa.';
/** A species of the catalogue by id (whether it exists is the server's to say: the catalogue is not in this model). */
const speciesIdField = z
  .string({ error: SPECIES_ID_MESSAGE })
  .trim()
  .max(SPECIES_ID_MAX, SPECIES_ID_MESSAGE)
  .regex(SPECIES_ID_PATTERN, SPECIES_ID_MESSAGE);

/**
 * POST /mango. Only plantName and category are required; the rest take the dashboard form's
 * defaults. Owner fields (userEmail, userName, ownerUid) are never read from the body: unknown
 * keys are stripped.
 */
export const CreatePlantInputSchema = z.object({
  plantName: fields.plantName,
  category: fields.category,
  careLevel: z.preprocess(blankToUndefined, fields.careLevel.default('easy')),
  healthStatus: z.preprocess(blankToUndefined, fields.healthStatus.default('Healthy')),
  wateringFrequency: optional(fields.wateringFrequency),
  lastWateredDate: optional(fields.lastWateredDate),
  nextWateringDate: optional(fields.nextWateringDate),
  image: optional(fields.image),
  description: optional(fields.description),
  notes: optional(fields.notes),
  /** The schedules of a new plant: a task null or absent is not tracked. */
  care: CareInputSchema.optional().transform((input) =>
    input === undefined ? undefined : applyCareInput(undefined, input),
  ),
  /** Shared with the owner's household; absent: shared when the owner belongs to one. */
  shared: sharedField.optional(),
  /** Absent or blank: "species" when the plant has a species and no frequency, or the species' for the season; else "own". */
  wateringFollows: optional(wateringFollowsField),
  /** The plant's species in the catalogue; absent, blank or null: none. */
  speciesId: z.preprocess((value) => blankToUndefined(value) ?? undefined, speciesIdField.optional()),
  /** Where it stands: one of the owner's places, or a shared one of their household for a shared plant; absent or null: nowhere. */
  placeId: PlantPlaceIdSchema,
});

/** PUT /mango/:id: every field of the Update form (the whole plant, not a patch); description may be blank. */
export const UpdatePlantInputSchema = z.object({
  plantName: fields.plantName,
  category: fields.category,
  careLevel: fields.careLevel,
  wateringFrequency: fields.wateringFrequency,
  healthStatus: fields.healthStatus,
  lastWateredDate: fields.lastWateredDate,
  nextWateringDate: fields.nextWateringDate,
  description: optional(fields.description),
});

/**
 * The body of PUT /mango/:id: the Update form's fields, and optionally `care` (absent, the care
 * schedules stay as they are; see CareInputSchema).
 */
export const UpdatePlantRequestSchema = UpdatePlantInputSchema.extend({
  care: CareInputSchema.optional(),
  /** Absent: the plant stays shared or not as it is. Only its owner changes it. */
  shared: sharedField.optional(),
  /** Absent: as it was, unless the frequency changes (then "own"). */
  wateringFollows: wateringFollowsField.optional(),
  /** Absent: the species stays as it is; null (or blank) clears it. */
  speciesId: z.preprocess((value) => (value === '' ? null : value), speciesIdField.nullable().optional()),
  /** Absent: it stays where it is; null (or blank) moves it out of its place; an id moves it there. */
  placeId: PlantPlaceIdSchema,
});

/** The /addPlants form: all nine fields required, categories from the plant form's set. */
export const AddPlantFormSchema = z.object({
  image: z.string({ error: 'Image is required.' }).trim().min(1, 'Image is required.').pipe(fields.image),
  plantName: fields.plantName,
  wateringFrequency: fields.wateringFrequency,
  healthStatus: fields.healthStatus,
  lastWateredDate: fields.lastWateredDate,
  nextWateringDate: fields.nextWateringDate,
  category: oneOf('Category', PLANT_FORM_CATEGORIES),
  careLevel: fields.careLevel,
  description: requiredText('Description', LIMITS.description),
});

/** The most plants the undo of Do all due's waterings may name, and the most jobs one POST /mango/care may. */
const WATERING_BATCH_MAX = 100;

const plantIds = z
  .array(
    z
      .string({ error: 'plantIds must be a list of plant ids.' })
      .min(1, 'plantIds must be a list of plant ids.')
      .max(128, 'plantIds must be a list of plant ids.'),
    {
      error: 'plantIds must be a list of plant ids.',
    },
  )
  .min(1, 'plantIds must name at least one plant.')
  .max(WATERING_BATCH_MAX, `plantIds may name at most ${WATERING_BATCH_MAX} plants.`)
  .refine((ids) => new Set(ids).size === ids.length, 'plantIds names a plant twice.');

/**
 * The undo of Do all due's waterings: the latest watering of each plant taken back, all or nothing
 * (DELETE /mango/waterings/latest).
 */
export const UndoWateringBatchInputSchema = z.object({ plantIds });

/**
 * The id a client gives one job it sends (a UUID from the web app), so that sending it again (an
 * answer lost on a network that lies, then the offline queue's replay) records it only once.
 */
export const careJobId = z
  .string({ error: 'jobId must be text.' })
  .regex(/^[A-Za-z0-9_-]{8,64}$/, 'jobId must be 8 to 64 letters, digits, - or _.');

/**
 * POST /mango/:id/care/:task (and each date of POST /mango/care): the day the job was done. The
 * client sends the user's local today unless the user picked an earlier day; without a date the
 * server takes its own UTC day. "Not in the future" depends on the server's clock, so the service
 * checks it (see latestWateringDate in ./schedule).
 */
export const CareJobInputSchema = z.object({
  date: optional(calendarDate('Date')),
  jobId: optional(careJobId),
});

/** CareJobInputSchema for one job, its sentences naming it ("Watering date must be...", "Misting date..."). */
export const CARE_JOB_INPUT_SCHEMAS = Object.fromEntries(
  CARE_JOBS.map((job) => [
    job,
    z.object({
      date: optional(calendarDate(`${capitalise(CARE_JOB_WORDS[job].doing)} date`)),
      jobId: optional(careJobId),
    }),
  ]),
) as Record<CareJob, typeof CareJobInputSchema>;

/** The most jobs one POST /mango/care may name. */
const CARE_BATCH_MAX = WATERING_BATCH_MAX;

const PLANT_ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

/** POST /mango/care: several jobs done on one day, all or nothing. */
export const CareBatchInputSchema = z.object({
  items: z
    .array(
      z.object(
        {
          plantId: z
            .string({ error: 'plantId must be a plant id.' })
            .regex(PLANT_ID_PATTERN, 'plantId must be a plant id.'),
          task: z.enum(CARE_JOBS, { error: `task must be one of: ${CARE_JOBS.join(', ')}.` }),
        },
        { error: 'Each item must be an object with a plantId and a task.' },
      ),
      { error: 'items must be a list of { plantId, task }.' },
    )
    .min(1, 'items must name at least one job.')
    .max(CARE_BATCH_MAX, `items may name at most ${CARE_BATCH_MAX} jobs.`)
    .refine(
      (items) => new Set(items.map((item) => `${item.plantId}/${item.task}`)).size === items.length,
      'items names the same task of a plant twice.',
    ),
  date: optional(calendarDate('Date')),
});

/** POST /mango/:id/notes: a dated note in the plant's history, about one of its photos or not. */
export const NoteInputSchema = z.object({
  text: z
    .string({ error: (issue) => (issue.input === undefined ? 'Note text is required.' : 'Note text must be text.') })
    .trim()
    .min(1, 'Note text is required.')
    .max(NOTE_TEXT_MAX, `Note text must be at most ${NOTE_TEXT_MAX} characters.`),
  date: optional(calendarDate('Note date')),
  photoId: optional(
    z
      .string({ error: "photoId must be the id of one of this plant's photos." })
      .regex(PLANT_ID_PATTERN, "photoId must be the id of one of this plant's photos."),
  ),
});

const CareScheduleSchema = z.object({
  frequency: z.string().nullable(),
  lastDate: z.string().nullable(),
  nextDate: z.string().nullable(),
  intervalDays: z.number().nullable(),
});

/** A plant as the API answers it. Owner-only fields are absent for everyone else. */
export const PlantSchema = z.object({
  _id: z.string(),
  plantName: z.string(),
  category: z.string(),
  careLevel: z.string(),
  healthStatus: z.string(),
  wateringFrequency: z.string().optional(),
  lastWateredDate: z.string().optional(),
  nextWateringDate: z.string().optional(),
  /** Derived by the server from wateringFrequency (parseWateringInterval); null when not understood. */
  wateringIntervalDays: z.number().nullable().optional(),
  /** In the owner's view: whether the watering follows the species' seasons or the owner's own frequency. */
  wateringFollows: z.enum(WATERING_FOLLOWS).optional(),
  /**
   * While the watering follows the species: this season, the day the next begins in the owner's
   * hemisphere, and its interval ("Every 7 days (summer; every 14 days from 23 September)").
   */
  wateringSeason: z
    .object({ season: z.enum(['summer', 'winter']), changesOn: z.string(), nextDays: z.number() })
    .optional(),
  image: z.string().optional(),
  /**
   * The cover's thumbnail, when the plant's cover (`image`) is one of its uploaded photos
   * (photos.ts); absent otherwise.
   */
  thumbUrl: z.string().optional(),
  /** The cover's card size (photos.ts), beside thumbUrl; absent on covers chosen before it existed. */
  cardUrl: z.string().optional(),
  description: z.string().optional(),
  notes: z.string().optional(),
  userName: z.string().optional(),
  userEmail: z.string().optional(),
  ownerUid: z.string().optional(),
  /**
   * Shared with its owner's household: in the answers that carry the owner's view (the owner's,
   * and a household member's); absent for everyone else.
   */
  shared: z.boolean().optional(),
  /**
   * What a household member or sitter may do to this shared plant (the owner's view as they see it);
   * absent for its owner, who may do everything, and for everyone else, who may do nothing.
   */
  may: z.array(z.enum(PLANT_ACTIONS)).optional(),
  /**
   * Who is on duty for the plant's nearest job (today for an overdue one), in GET /mango/due only:
   * its owner for a plant that is not shared; for a shared one the household's rota (model/duty.ts),
   * null when the household's mode is `everyone`.
   */
  onDuty: z.object({ uid: z.string(), displayName: z.string() }).nullable().optional(),
  /** Who is on duty for each scheduled job, on its own day (GET /mango/due): a plant's jobs may fall on different turns. */
  onDutyByJob: z
    .partialRecord(z.enum(CARE_JOBS), z.object({ uid: z.string(), displayName: z.string() }).nullable())
    .optional(),
  /** The plant's species in the catalogue (GET /mango/species/:id); absent when none was chosen. */
  speciesId: z.string().optional(),
  /**
   * Whether the plant harms a cat or a dog, as its species says (null: the catalogue does not know);
   * absent without a species. Written with each change of `speciesId`.
   */
  toxicToCats: z.boolean().nullable().optional(),
  toxicToDogs: z.boolean().nullable().optional(),
  /**
   * What the plant's rhythm says of one job's interval (model/rhythm.ts), for those who may edit it
   * (its owner, a household's member): "watered every 10 days on average, not every 7"; absent when
   * there is nothing to offer and for everyone else.
   */
  suggestion: z.object({ task: z.enum(CARE_JOBS), everyDays: z.number(), basis: z.string() }).optional(),
  /**
   * Where it stands (places.ts), in every view that carries the owner's view (its owner's, its
   * household's): null when it stands nowhere, or in a place the reader cannot see (a private place
   * of the owner's, to the household). Absent for everyone else: where a plant stands is private.
   */
  place: z
    .object({ id: z.string(), name: z.string(), light: z.enum(LIGHT_LEVELS) })
    .nullable()
    .optional(),
  /**
   * Whether its place's light suits its species (light.ts, `lightFit`): null when the species or the
   * place is not known. Beside `place`, and absent where it is.
   */
  lightFit: z.enum(LIGHT_FITS).nullable().optional(),
  /** The owner's care schedules beside watering (absent for everyone else; `{}` when none is tracked). */
  care: z
    .object(
      Object.fromEntries(CARE_TASKS.map((task) => [task, CareScheduleSchema.optional()])) as Record<
        CareTask,
        z.ZodOptional<typeof CareScheduleSchema>
      >,
    )
    .optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

export type Plant = z.infer<typeof PlantSchema>;
export type CreatePlantInput = z.infer<typeof CreatePlantInputSchema>;
export type UpdatePlantInput = z.infer<typeof UpdatePlantInputSchema>;
export type UpdatePlantRequest = z.infer<typeof UpdatePlantRequestSchema>;
export type UndoWateringBatchInput = z.infer<typeof UndoWateringBatchInputSchema>;
export type CareJobInput = z.infer<typeof CareJobInputSchema>;
export type CareBatchInput = z.infer<typeof CareBatchInputSchema>;
export type NoteInput = z.infer<typeof NoteInputSchema>;
export type AddPlantFormValues = z.infer<typeof AddPlantFormSchema>;
