import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import { actorOf } from '../lib/viewer';
import {
  HAND_ON_DAYS,
  addDays,
  nextDueDate,
  nextOnDuty,
  onDutyByJob,
  onDutyOn,
  scheduledJobs,
  utcToday,
  type DuePage,
  type OnDuty,
  type Plant,
} from '../model';
import { LIST_LIMITS } from '../model/plant-list';
import { decodeCursor, encodeCursor, queryFingerprint } from '../plant-list/plant-cursor';
import { isPlausiblePlantId, type DueQuery } from '../plants/plants.schemas';
import { isSharedWith, sharingMembership, type Membership, type SharablePlant } from '../access/household-access';
import type { MembershipReader } from '../access/household-access';
import type { DutyReader, HouseholdDuty } from '../households/duty';
import type { PlacesReader } from '../places/place-books.repository';
import { forViewer, noPlaces } from '../plants/plants.service';
import type { DueCursor, DueRepository } from './due.repository';

/** The most plants one page of GET /mango/due answers, and the page without a limit. */
const DUE_PAGE_MAX = LIST_LIMITS.maxPage;
/**
 * The most of their own plants someone's list for a day (listTurnOn) reads on another person's
 * turn, a page of DUE_PAGE_MAX at a time, passing over the ones their household shares (the
 * turn's): 10 pages. Only someone whose own shared plants overdue on another's turn number more
 * than that can miss one of their own in it.
 */
const OWN_SCAN_MAX = 10 * DUE_PAGE_MAX;

/** What is someone's to do on a day (listTurnOn): the plants, each with who is on duty for it. */
interface TurnList {
  plants: Plant[];
  /** For each plant the rota hands on to them, by id: whose turn it was. */
  turnOf: Map<string, string>;
  /** Whether their own plants were more than OWN_SCAN_MAX lets it read: the list may lack some. */
  cut: boolean;
}

/** The rules of what is due: the caller's own plants and those their household shares, a page at a time. */
export function createDueService(
  repository: () => DueRepository,
  clock: () => Date = () => new Date(),
  membershipOf: MembershipReader = async () => null,
  dutyOf: DutyReader = async () => null,
  /** What Today reads to say where its plants stand (GET /mango/due; the digests' lists leave it out). */
  placesOf: PlacesReader = noPlaces,
) {
  /**
   * Who is on duty for `plant`: `onDuty` for its nearest job and `onDutyByJob` for each scheduled
   * job, each on that job's own day (`today` for an overdue one), since a plant's jobs may fall on
   * different turns. The owner (the caller) for a plant that is not shared with the household, else
   * the rota's person; null for each in a household without a rota.
   */
  function onDutyFor(
    plant: SharablePlant & Plant,
    viewer: Viewer,
    membership: Membership | null,
    rota: HouseholdDuty | null,
    today: string,
  ): Pick<Plant, 'onDuty' | 'onDutyByJob'> {
    const jobs = scheduledJobs(plant);
    const each = (person: OnDuty | null) => Object.fromEntries(jobs.map(({ job }) => [job, person]));
    if (!isSharedWith(plant, membership)) {
      const owner = { uid: viewer.uid, displayName: membership?.displayName || actorOf(viewer).displayName };
      return { onDuty: owner, onDutyByJob: each(owner) };
    }
    if (!rota) return { onDuty: null, onDutyByJob: each(null) };
    const next = nextDueDate(plant);
    return {
      onDuty: onDutyOn(rota.settings, rota.people, next && next > today ? next : today),
      onDutyByJob: onDutyByJob(rota.settings, rota.people, plant, today),
    };
  }

  /**
   * A page of what is due, each plant with who is on duty for it on `today`'s terms, by the
   * household's rota (none outside a household): the household document and its memberships, read
   * beside the plants (1 + n reads, n at most 10).
   */
  async function dueOnDuty(viewer: Viewer, query: DueQuery, today: string): Promise<DuePage<Plant>> {
    const now = clock();
    const fingerprint = queryFingerprint({ view: 'due', until: query.until });
    const after = query.cursor === undefined ? undefined : decodeDueCursor(decodeCursor(query.cursor, fingerprint));
    const membership = sharingMembership(await membershipOf(viewer.uid), now);
    const [result, rota] = await Promise.all([
      repository().listDue(viewer.uid, query.until, query.limit ?? DUE_PAGE_MAX, after, membership?.householdShareKeys),
      membership ? dutyOf(membership.householdId) : null,
    ]);
    const places = await placesOf(viewer, result.plants, membership, now);
    return {
      plants: result.plants.map((plant) => ({
        ...forViewer(plant, viewer, membership, now, places),
        ...onDutyFor(plant, viewer, membership, rota, today),
      })),
      nextCursor: result.next ? encodeCursor(`${result.next.date}/${result.next.id}`, fingerprint) : null,
      total: result.total ?? 0,
    };
  }

  /**
   * What is the viewer's to do on `day` (their own day: their digest), due on or before it. In a
   * rotation every shared job due by `day` is the turn's of that day, so the query is chosen by
   * whose turn it is, and nobody's list is cut short by jobs that are not theirs:
   * - outside a household, in mode `everyone`, or on their own turn: the due list's query, whose
   *   plants are all theirs (at most `max`, the most overdue first);
   * - on someone else's turn: their own plants that the household does not share (their own query,
   *   a page at a time, passing over the shared ones: at most OWN_SCAN_MAX read; at most `max`
   *   kept), and, when they are the next person of the rotation, the shared plants HAND_ON_DAYS
   *   late on `day` (one query), whose jobs the rota hands on to them (`turnOf` names whose turn it
   *   was). Nothing is stored: the day a job is that late comes once.
   * Reads: the membership, the household and its memberships (1 + n), then the plants read; no
   * count().
   */
  async function listTurnOn(viewer: Viewer, day: string, max: number): Promise<TurnList> {
    const now = clock();
    const membership = sharingMembership(await membershipOf(viewer.uid), now);
    const rota = membership ? await dutyOf(membership.householdId) : null;
    const keys = membership?.householdShareKeys ?? [];
    const view = (plant: Plant): Plant => ({
      ...forViewer(plant, viewer, membership, now),
      ...onDutyFor(plant, viewer, membership, rota, day),
    });
    const turn = rota ? onDutyOn(rota.settings, rota.people, day) : null;
    if (!rota || !turn || turn.uid === viewer.uid) {
      const { plants } = await repository().listDue(viewer.uid, day, max, undefined, keys, { count: false });
      return { plants: plants.map(view), turnOf: new Map(), cut: false };
    }
    const own: Plant[] = [];
    let after: DueCursor | undefined;
    let read = 0;
    let cut = false;
    for (;;) {
      const page = await repository().listDue(viewer.uid, day, DUE_PAGE_MAX, after, [], { count: false });
      read += page.plants.length;
      own.push(...page.plants.filter((plant) => !isSharedWith(plant, membership)));
      if (own.length >= max || !page.next) break;
      if (read >= OWN_SCAN_MAX) {
        cut = true;
        break;
      }
      after = page.next;
    }
    const handOnFrom = addDays(day, -HAND_ON_DAYS);
    const handedOn =
      nextOnDuty(rota.settings, rota.people, turn.uid, day)?.uid === viewer.uid
        ? (
            await repository().listDue(viewer.uid, handOnFrom, DUE_PAGE_MAX, undefined, keys, {
              from: handOnFrom,
              count: false,
            })
          ).plants.filter((plant) => isSharedWith(plant, membership))
        : [];
    const turnOf = new Map(handedOn.map((plant) => [plant._id, turn.displayName]));
    return { plants: [...own.slice(0, max), ...handedOn].map(view), turnOf, cut };
  }

  return {
    /**
     * GET /mango/due: the caller's plants, and the plants shared with their household that they may
     * care for (not after a sitter's last day), with a job (watering or a care task) due on or
     * before `until`, soonest first, a page at a time, each with who is on duty for it. The cursor
     * is bound to `until`.
     */
    listDue: (viewer: Viewer, query: DueQuery): Promise<DuePage<Plant>> => dueOnDuty(viewer, query, utcToday(clock())),

    listTurnOn,
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
