import { z } from 'zod';

const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100.';

/**
 * Query of GET /mango: `limit` 1-100 newest plants, `before` an ISO createdAt to page back, and
 * `email` to list one user's own plants (signed in as that user).
 */
export const ListPlantsQuerySchema = z.object({
  limit: z.coerce.number({ error: LIMIT_MESSAGE }).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100, LIMIT_MESSAGE).optional(),
  before: z.iso.datetime({ error: 'before must be an ISO date-time such as 2026-01-31T12:00:00.000Z.' }).optional(),
  email: z
    .string({ error: 'email must be one email address.' })
    .trim()
    .min(1, 'email must not be empty.')
    .max(320, 'email must be at most 320 characters.')
    .optional(),
});

export type ListPlantsQuery = z.infer<typeof ListPlantsQuerySchema>;

/**
 * Ids the API hands out are Firestore auto-ids (20 letters and digits). Anything that could not be
 * a document id here (slashes, odd characters, very long, Firestore's reserved __x__ names) is
 * refused before it reaches Firestore, which would throw on some of them.
 */
const PLANT_ID = /^[A-Za-z0-9_-]{1,128}$/;

export function isPlausiblePlantId(id: string): boolean {
  return PLANT_ID.test(id) && !/^__.*__$/.test(id);
}
