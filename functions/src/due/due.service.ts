import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import type { DuePage, Plant } from '../model';
import { LIST_LIMITS } from '../model/plant-list';
import { decodeCursor, encodeCursor, queryFingerprint } from '../plant-list/plant-cursor';
import { isPlausiblePlantId, type DueQuery } from '../plants/plants.schemas';
import type { DueRepository } from './due.repository';

/** The most plants one page of GET /mango/due answers, and the page without a limit. */
export const DUE_PAGE_MAX = LIST_LIMITS.maxPage;

/** The rules of what is due: the caller's own plants only, a page at a time. */
export function createDueService(repository: () => DueRepository) {
  return {
    /**
     * GET /mango/due: the caller's plants with a job (watering or a care task) due on or before
     * `until`, soonest first, a page at a time. The cursor is bound to `until`.
     */
    async listDue(viewer: Viewer, query: DueQuery): Promise<DuePage<Plant>> {
      const fingerprint = queryFingerprint({ view: 'due', until: query.until });
      const after = query.cursor === undefined ? undefined : decodeDueCursor(decodeCursor(query.cursor, fingerprint));
      const result = await repository().listDue(viewer.uid, query.until, query.limit ?? DUE_PAGE_MAX, after);
      return {
        plants: result.plants,
        nextCursor: result.next ? encodeCursor(`${result.next.date}/${result.next.id}`, fingerprint) : null,
        total: result.total,
      };
    },
  };
}

/** The place a due cursor holds: `date/id`. */
function decodeDueCursor(after: string): { date: string; id: string } {
  const [date, id, ...rest] = after.split('/');
  if (!date || !id || rest.length || !isPlausiblePlantId(id)) {
    const message = 'cursor is not one this API gave out. Start again from the first page.';
    throw new HttpError(400, 'invalid_input', message, { cursor: message });
  }
  return { date, id };
}

export type DueService = ReturnType<typeof createDueService>;
