import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import type { DuePage, Plant } from '../model';
import { LIST_LIMITS } from '../model/plant-list';
import { decodeCursor, encodeCursor, queryFingerprint } from '../plant-list/plant-cursor';
import { isPlausiblePlantId, type DueQuery } from '../plants/plants.schemas';
import { sharingMembership } from '../households/household-access';
import type { MembershipReader } from '../households/membership';
import { forViewer } from '../plants/plants.service';
import type { DueRepository } from './due.repository';

/** The most plants one page of GET /mango/due answers, and the page without a limit. */
export const DUE_PAGE_MAX = LIST_LIMITS.maxPage;

/** The rules of what is due: the caller's own plants and those their household shares, a page at a time. */
export function createDueService(
  repository: () => DueRepository,
  clock: () => Date = () => new Date(),
  membershipOf: MembershipReader = async () => null,
) {
  return {
    /**
     * GET /mango/due: the caller's plants, and the plants shared with their household that they may
     * care for (not after a sitter's last day), with a job (watering or a care task) due on or
     * before `until`, soonest first, a page at a time. The cursor is bound to `until`.
     */
    async listDue(viewer: Viewer, query: DueQuery): Promise<DuePage<Plant>> {
      const now = clock();
      const fingerprint = queryFingerprint({ view: 'due', until: query.until });
      const after = query.cursor === undefined ? undefined : decodeDueCursor(decodeCursor(query.cursor, fingerprint));
      const membership = sharingMembership(await membershipOf(viewer.uid), now);
      const result = await repository().listDue(
        viewer.uid,
        query.until,
        query.limit ?? DUE_PAGE_MAX,
        after,
        membership?.householdShareKeys,
      );
      return {
        plants: result.plants.map((plant) => forViewer(plant, viewer, membership, now)),
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
