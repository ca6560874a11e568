import { z } from './zod';
import { PHOTO_LIMITS } from './photos';
import { isCalendarDate } from './validators';

export * from './photos';

const QUERY_PARAMETERS = {
  caption: z
    .string({ error: 'caption must be given once, as text.' })
    .trim()
    .max(PHOTO_LIMITS.caption, `caption must be at most ${PHOTO_LIMITS.caption} characters.`)
    .optional(),
  takenOn: z
    .string({ error: 'takenOn must be given once, as a date.' })
    .trim()
    .refine(isCalendarDate, 'takenOn must be a real date written YYYY-MM-DD.')
    .optional(),
};

/**
 * The query of POST /mango/:id/photos (the body is the image itself). A blank caption is no
 * caption. "Not in the future" depends on the server's clock, so the service checks it (see
 * latestWateringDate in ./schedule). Any other parameter is refused.
 */
export const UploadPhotoQuerySchema = z.strictObject(QUERY_PARAMETERS, {
  error: (issue) =>
    issue.code === 'unrecognized_keys'
      ? `A photo upload takes only these parameters: ${Object.keys(QUERY_PARAMETERS).join(', ')}.`
      : undefined,
});

/** PUT /mango/:id/cover: which of the plant's photos becomes its cover. */
export const SetCoverInputSchema = z.object({
  photoId: z
    .string({ error: (issue) => (issue.input === undefined ? 'photoId is required.' : 'photoId must be text.') })
    .min(1, 'photoId is required.')
    .max(128, 'photoId must be at most 128 characters.'),
});

export type UploadPhotoQuery = z.infer<typeof UploadPhotoQuerySchema>;
export type SetCoverInput = z.infer<typeof SetCoverInputSchema>;
