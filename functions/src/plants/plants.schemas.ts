import { z } from 'zod';

/** Query of GET /mango: `limit` 1-100 newest plants, `before` an ISO createdAt to page back. */
export const ListPlantsQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(100, 'limit must be a whole number from 1 to 100.')
    .optional(),
  before: z.iso.datetime({ error: 'before must be an ISO date-time such as 2026-01-31T12:00:00.000Z.' }).optional(),
});
