import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import { actorOf } from '../lib/viewer';
import { nextDueDate, onDutyOn, utcToday, type DuePage, type OnDuty, type Plant } from '../model';
import { LIST_LIMITS } from '../model/plant-list';
import { decodeCursor, encodeCursor, queryFingerprint } from '../plant-list/plant-cursor';
import { isPlausiblePlantId, type DueQuery } from '../plants/plants.schemas';
import { isSharedWith, sharingMembership, type Membership, type SharablePlant } from '../households/household-access';
import type { DutyReader, HouseholdDuty } from '../households/duty';
import type { MembershipReader } from '../households/membership';
import { forViewer } from '../plants/plants.service';
import type { DueRepository } from './due.repository';

/** The most plants one page of GET /mango/due answers, and the page without a limit. */
const DUE_PAGE_MAX = LIST_LIMITS.maxPage;

/** The rules of what is due: the caller's own plants and those their household shares, a page at a time. */
export function createDueService(
  repository: () => DueRepository,
  clock: () => Date = () => new Date(),
  membershipOf: MembershipReader = async () => null,
  dutyOf: DutyReader = async () => null,
) {
  /**
   * Who is on duty for `plant`'s nearest job, on that job's day or `today` when it is overdue: the
   * owner (the caller) for a plant that is not shared with the household, else the rota's person.
   */
  function onDutyFor(
    plant: SharablePlant,
    viewer: Viewer,
    membership: Membership | null,
    rota: HouseholdDuty | null,
    today: string,
  ): OnDuty | null {
    if (!isSharedWith(plant, membership))
      return { uid: viewer.uid, displayName: membership?.displayName || actorOf(viewer).displayName };
    if (!rota) return null;
    const next = nextDueDate(plant);
    return onDutyOn(rota.settings, rota.people, next && next > today ? next : today);
  }

  /**
   * A page of what is due, each plant with who is on duty for it on `today`'s terms, and the
   * household's rota it was decided by (null outside a household): the household document and its
   * memberships, read beside the plants (1 + n reads, n at most 10).
   */
  async function dueOnDuty(
    viewer: Viewer,
    query: DueQuery,
    today: string,
  ): Promise<{ page: DuePage<Plant>; rota: HouseholdDuty | null }> {
    const now = clock();
    const fingerprint = queryFingerprint({ view: 'due', until: query.until });
    const after = query.cursor === undefined ? undefined : decodeDueCursor(decodeCursor(query.cursor, fingerprint));
    const membership = sharingMembership(await membershipOf(viewer.uid), now);
    const [result, rota] = await Promise.all([
      repository().listDue(viewer.uid, query.until, query.limit ?? DUE_PAGE_MAX, after, membership?.householdShareKeys),
      membership ? dutyOf(membership.householdId) : null,
    ]);
    return {
      page: {
        plants: result.plants.map((plant) => ({
          ...forViewer(plant, viewer, membership, now),
          onDuty: onDutyFor(plant, viewer, membership, rota, today),
        })),
        nextCursor: result.next ? encodeCursor(`${result.next.date}/${result.next.id}`, fingerprint) : null,
        total: result.total,
      },
      rota,
    };
  }

  return {
    /**
     * GET /mango/due: the caller's plants, and the plants shared with their household that they may
     * care for (not after a sitter's last day), with a job (watering or a care task) due on or
     * before `until`, soonest first, a page at a time, each with who is on duty for it. The cursor
     * is bound to `until`.
     */
    async listDue(viewer: Viewer, query: DueQuery): Promise<DuePage<Plant>> {
      return (await dueOnDuty(viewer, query, utcToday(clock()))).page;
    },

    /** What is due as someone's own `day` sees it (their digest), with the rota that decided who is on duty. */
    listDueOn: (viewer: Viewer, query: DueQuery, day: string) => dueOnDuty(viewer, query, day),
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
