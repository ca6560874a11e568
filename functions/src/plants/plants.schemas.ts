import { z } from 'zod';
import {
  LIST_LIMITS,
  PAGED_PARAMS,
  PET_SAFE_FILTERS,
  SEARCH_MATCHES,
  SORT_DIRECTIONS,
  SORT_KEYS,
  UNPLACED_FILTER,
} from '../model/plant-list';
import { isPlausiblePlaceId } from '../model/places';
import { isCalendarDate } from '../model/validators';

const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${LIST_LIMITS.maxPage}.`;

const text = (name: string, max: number) =>
  z
    .string({ error: `${name} must be given once, as text.` })
    .max(max, `${name} must be at most ${max} characters.`)
    .optional();

/**
 * Query of GET /mango. Any other parameter is refused, so each public answer has one URL (and one
 * entry in Hosting's CDN).
 * - The newest-first list: `limit` 1-100 newest plants (without it, the newest
 *   LIST_LIMITS.newestMax), `before` an ISO createdAt to page back (a page of LIST_LIMITS.maxPage
 *   without a limit), and `email` to list one user's
 *   own plants (signed in as that user).
 * - The paged view (any of PAGED_PARAMS present): `q` a case-insensitive substring of the name (or of
 *   the name or the category with `match=name-or-category`), `category` exact, `care` the care level
 *   in any letter case, `petSafe` (both, cats or dogs: safe as the plant's species says), `sort` and `dir`, `limit`, and the `cursor` of the page before. With `email`
 *   it lists that user's own plants in the same orders (without q, category or care), and with
 *   `placeId` only those standing in that place (one the reader may use), or with `placeId=none`
 *   those standing nowhere.
 */
const PLACE_FILTER_MESSAGE = `placeId must be the id of one of your places (GET /mango/places), or ${UNPLACED_FILTER} for the plants in no place.`;
const LIST_PARAMETERS = {
  limit: z.coerce
    .number({ error: LIMIT_MESSAGE })
    .int(LIMIT_MESSAGE)
    .min(1, LIMIT_MESSAGE)
    .max(LIST_LIMITS.maxPage, LIMIT_MESSAGE)
    .optional(),
  before: z.iso.datetime({ error: 'before must be an ISO date-time such as 2026-01-31T12:00:00.000Z.' }).optional(),
  email: z
    .string({ error: 'email must be one email address.' })
    .trim()
    .min(1, 'email must not be empty.')
    .max(320, 'email must be at most 320 characters.')
    .optional(),
  q: text('q', LIST_LIMITS.search),
  category: text('category', 100),
  care: text('care', 40),
  petSafe: z.enum(PET_SAFE_FILTERS, { error: `petSafe must be one of: ${PET_SAFE_FILTERS.join(', ')}.` }).optional(),
  placeId: z
    .string({ error: PLACE_FILTER_MESSAGE })
    .refine((id) => id === UNPLACED_FILTER || isPlausiblePlaceId(id), PLACE_FILTER_MESSAGE)
    .optional(),
  sort: z.enum(SORT_KEYS, { error: `sort must be one of: ${SORT_KEYS.join(', ')}.` }).optional(),
  dir: z.enum(SORT_DIRECTIONS, { error: 'dir must be asc or desc.' }).optional(),
  match: z.enum(SEARCH_MATCHES, { error: `match must be one of: ${SEARCH_MATCHES.join(', ')}.` }).optional(),
  cursor: text('cursor', 2048),
};

export const ListPlantsQuerySchema = z
  .strictObject(LIST_PARAMETERS, {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? `GET /mango takes only these parameters: ${Object.keys(LIST_PARAMETERS).join(', ')}.`
        : undefined,
  })
  .superRefine((query, context) => {
    const paged = PAGED_PARAMS.some((param) => query[param] !== undefined);
    if (paged && query.before !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['before'],
        message: 'before pages the newest-first list; with q, filters or sort, page with cursor instead.',
      });
    }
    if (query.placeId !== undefined && query.email === undefined) {
      context.addIssue({
        code: 'custom',
        path: ['placeId'],
        message: 'placeId filters your own plants: ask with email (your own address) too.',
      });
    }
    if (
      query.email !== undefined &&
      (query.q !== undefined ||
        query.category !== undefined ||
        query.care !== undefined ||
        query.petSafe !== undefined ||
        query.match !== undefined)
    ) {
      context.addIssue({
        code: 'custom',
        path: ['email'],
        message:
          'email lists your own plants by sort order only; it cannot be combined with q, category, care, petSafe or match.',
      });
    }
  });

export type ListPlantsQuery = z.infer<typeof ListPlantsQuerySchema>;

/** Whether a parsed query asks for the paged view rather than the newest-first array. */
export function isPagedQuery(query: ListPlantsQuery): boolean {
  return PAGED_PARAMS.some((param) => query[param] !== undefined);
}

const UNTIL_MESSAGE = 'until must be a real date written YYYY-MM-DD: the last day whose jobs to list.';

/**
 * Query of GET /mango/due: `until` (required, YYYY-MM-DD) the last day whose jobs are listed,
 * `limit` 1-100 plants a page (100 without it), and the `cursor` of the page before.
 */
export const DueQuerySchema = z.strictObject(
  {
    until: z.string({ error: UNTIL_MESSAGE }).refine(isCalendarDate, UNTIL_MESSAGE),
    limit: LIST_PARAMETERS.limit,
    cursor: LIST_PARAMETERS.cursor,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'GET /mango/due takes only these parameters: until, limit, cursor.'
        : undefined,
  },
);

export type DueQuery = z.infer<typeof DueQuerySchema>;

/**
 * Ids the API hands out are Firestore auto-ids (20 letters and digits). Anything that could not be
 * a document id here (slashes, odd characters, very long, Firestore's reserved __x__ names) is
 * refused before it reaches Firestore, which would throw on some of them.
 */
const PLANT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function isPlausiblePlantId(id: string): boolean {
  return PLANT_ID.test(id) && !/^__.*__$/.test(id);
}

/** Query of GET /mango/household/plants: `limit` 1-100 plants a page (100 without it), and the `cursor` of the page before. */
export const HouseholdPlantsQuerySchema = z.strictObject(
  { limit: LIST_PARAMETERS.limit, cursor: LIST_PARAMETERS.cursor },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'GET /mango/household/plants takes only these parameters: limit, cursor.'
        : undefined,
  },
);

export type HouseholdPlantsQuery = z.infer<typeof HouseholdPlantsQuerySchema>;
