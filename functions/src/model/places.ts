import { z } from './zod';
import { LIGHT_LEVELS, OUTDOOR_LIGHT, type LightLevel } from './light';

/**
 * Places: where plants stand (a bedroom's windowsill, the balcony), each with the light it gets,
 * a person's own or shared with their household, in the order the person walks them. The API's
 * schemas and the web forms' are these. Pure: no express, firebase or DOM.
 */

export const PLACE_NAME_MAX = 40;
/** A person's own places, at most; and a household's shared ones. */
export const PLACES_PER_PERSON = 50;
export const PLACES_PER_HOUSEHOLD = 50;
/**
 * The light of a place an import makes when its file says none (a CSV without `placeLight`): a
 * room's bright spot away from the sun, the light most houseplants are sold for.
 */
export const IMPORTED_PLACE_LIGHT: LightLevel = 'bright-indirect';

/** A place as GET /mango/places answers it. */
export interface Place {
  id: string;
  name: string;
  light: LightLevel;
  outdoor: boolean;
  /** Its stop in the reader's walk, from 1: each person orders the places they see for themself. */
  order: number;
  /** The household's (its owner and members change it), or the reader's own. */
  shared: boolean;
  /** The plants standing in it that the reader may see there: all of a shared place's are the household's. */
  plantCount: number;
}

/**
 * A place in the reader's walk without its plant count, as GET /mango/places?plantCount=false
 * answers it: what Today's walk, the Place box and My Plants' filter need, read without a count()
 * per place.
 */
export type WalkPlace = Omit<Place, 'plantCount'>;

/** Where a plant stands, as its signed-in views carry it (`place`). */
export interface PlantPlace {
  id: string;
  name: string;
  light: LightLevel;
}

/** DELETE /mango/places/:id: the plants that stood in it are moved out, now or, past one commit, by the task queue. */
export interface PlaceDeleted {
  deletedCount: 1;
  movedOut: number;
  /** Whether the task queue is moving them out: until it has, the place is gone to every reader. */
  pending: boolean;
}

/** Ids the API hands out are Firestore auto-ids; anything that could not be one is refused before Firestore. */
const PLACE_ID = /^[A-Za-z0-9]{1,128}$/;
export const isPlausiblePlaceId = (id: string): boolean => PLACE_ID.test(id);

/** Names compare without letter case: "Bedroom" and "bedroom" are one place. */
export const foldPlaceName = (name: string): string => name.trim().normalize('NFC').toLowerCase();

export const PlaceNameSchema = z
  .string({ error: (issue) => (issue.input === undefined ? 'Name is required.' : 'Name must be text.') })
  .trim()
  .min(1, 'Name is required.')
  .max(PLACE_NAME_MAX, `Name must be at most ${PLACE_NAME_MAX} characters.`);

/** A strict object's message for a key it does not take (its other issues keep their own). */
const onlyKeys = (message: string) => (issue: { code?: string }) =>
  issue.code === 'unrecognized_keys' ? message : undefined;

const LIGHT_MESSAGE = `Light must be one of: ${LIGHT_LEVELS.join(', ')}.`;
export const LightSchema = z.enum(LIGHT_LEVELS, {
  error: (issue) =>
    issue.input === undefined
      ? `Light is required for an indoor place: one of ${LIGHT_LEVELS.join(', ')}.`
      : LIGHT_MESSAGE,
});
const outdoorField = z.boolean({ error: 'Outdoor must be true or false.' });

/**
 * POST /mango/places. `light` may be left out of an outdoor place only: it is then full sun (an
 * outdoor place counts as full sun unless said otherwise). Not shared unless `shared` says so.
 */
export const CreatePlaceInputSchema = z
  .strictObject(
    {
      name: PlaceNameSchema,
      light: LightSchema.optional(),
      outdoor: outdoorField.optional(),
      shared: z.boolean({ error: 'Shared must be true or false.' }).optional(),
    },
    { error: onlyKeys('A new place takes only name, light, outdoor and shared.') },
  )
  .superRefine((input, context) => {
    if (input.light === undefined && input.outdoor !== true)
      context.addIssue({
        code: 'custom',
        path: ['light'],
        message: `Light is required for an indoor place: one of ${LIGHT_LEVELS.join(', ')}.`,
      });
  })
  .transform(({ name, light, outdoor = false, shared = false }) => ({
    name,
    light: light ?? OUTDOOR_LIGHT,
    outdoor,
    shared,
  }));
export type CreatePlaceInput = z.output<typeof CreatePlaceInputSchema>;

/** PUT /mango/places/:id: its name and light; `outdoor` absent stays as it is. Whether it is shared does not change. */
export const UpdatePlaceInputSchema = z.strictObject(
  {
    name: PlaceNameSchema,
    light: LightSchema,
    outdoor: outdoorField.optional(),
  },
  { error: onlyKeys('A place changes only its name, light and outdoor: whether it is shared stays as it is.') },
);
export type UpdatePlaceInput = z.infer<typeof UpdatePlaceInputSchema>;

/**
 * The query of GET /mango/places: `plantCount=false` leaves each place's count out (and its
 * count() query unasked); `true`, the default, keeps it. Other parameters are ignored, as they
 * always were here.
 */
export const ListPlacesQuerySchema = z
  .object({
    plantCount: z
      .enum(['true', 'false'], {
        error:
          'The plant count (plantCount) must be true (each place with how many plants stand in it) or false (without).',
      })
      .default('true'),
  })
  .transform(({ plantCount }) => ({ plantCount: plantCount === 'true' }));
export type ListPlacesQuery = z.output<typeof ListPlacesQuerySchema>;

const IDS_MESSAGE = 'The walking order (ids) must be a list of place ids, as GET /mango/places gives them.';
const placeIdOfList = z.string({ error: IDS_MESSAGE }).regex(PLACE_ID, IDS_MESSAGE);

/**
 * PUT /mango/places/order: the reader's walk, first stop first. Places it leaves out follow, in the
 * order they had; each may be named once.
 */
export const PlaceOrderInputSchema = z.strictObject(
  {
    ids: z
      .array(placeIdOfList, { error: IDS_MESSAGE })
      .max(
        PLACES_PER_PERSON + PLACES_PER_HOUSEHOLD,
        `The walking order (ids) may name at most ${PLACES_PER_PERSON + PLACES_PER_HOUSEHOLD} places.`,
      )
      .refine((ids) => new Set(ids).size === ids.length, 'The walking order (ids) names a place twice.'),
  },
  { error: onlyKeys('The walking order takes only ids.') },
);
export type PlaceOrderInput = z.infer<typeof PlaceOrderInputSchema>;

const PLANT_PLACE_MESSAGE =
  'The place (placeId) must be the id of one of your places (GET /mango/places), or null for none.';
/** A plant's `placeId` on POST and PUT /mango: a place's id, or null (or blank) for none. */
export const PlantPlaceIdSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  z.string({ error: PLANT_PLACE_MESSAGE }).trim().regex(PLACE_ID, PLANT_PLACE_MESSAGE).nullable().optional(),
);
