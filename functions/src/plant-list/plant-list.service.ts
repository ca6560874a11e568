import { HttpError } from '../lib/http-error';
import type { Viewer } from '../lib/viewer';
import type { DuePage, Plant } from '../model';
import {
  DEFAULT_DIRECTION,
  DEFAULT_SORT,
  LIST_LIMITS,
  UNPLACED_FILTER,
  type PlantFacets,
  type PlantPage,
} from '../model/plant-list';
import { searchText } from '../plants/plant-keys';
import type { HouseholdPlantsQuery, ListPlantsQuery } from '../plants/plants.schemas';
import { householdAccess, requireMember, type Membership, type MembershipReader } from '../access/household-access';
import type { PlaceFilterReader, PlaceLookup, PlacesReader } from '../places/place-books.repository';
import { forViewer, needsMembership, noPlaces } from '../plants/plants.service';
import { decodeCursor, encodeCursor, queryFingerprint } from './plant-cursor';
import type { ListOptions, PlantListRepository } from './plant-list.repository';

const LIST_DEFAULT_PAGE = LIST_LIMITS.defaultPage;
/** How long an instance answers the filter options it counted (docs/api.md: what caches keep). */
export const FACETS_FRESH_MS = 30_000;
/**
 * How long an instance answers a visitor's plain list it read: the CDN's s-maxage
 * (lib/http-cache.ts), so a client calling the function's own URL, past the CDN, costs no more
 * reads than one through it: at most one read of the list (about 1,000 documents without a
 * `limit`) per 30 s, `limit` and instance.
 */
export const NEWEST_FRESH_MS = 30_000;

/**
 * Answers this instance keeps for `freshMs` by key: callers at once share one read, and a failure
 * is not kept (the next caller reads again). A clock that went back reads again too.
 */
function keptFor<K, T>(freshMs: number, clock: () => Date) {
  const kept = new Map<K, { at: number; answer: Promise<T> }>();
  return (key: K, read: () => Promise<T>): Promise<T> => {
    const now = clock().getTime();
    const entry = kept.get(key);
    if (entry && now - entry.at < freshMs && now >= entry.at) return entry.answer;
    const answer = read();
    kept.set(key, { at: now, answer });
    answer.catch(() => {
      if (kept.get(key)?.answer === answer) kept.delete(key);
    });
    return answer;
  };
}

/** A `limit` the list query allows (1 to 100, or none): at most 101 kept lists per instance. */
const isListLimit = (limit: number | undefined) =>
  limit === undefined || (Number.isInteger(limit) && limit >= 1 && limit <= LIST_LIMITS.maxPage);

/** GET /mango?email=E is for the user whose token carries E (any letter case) only. */
function assertOwnEmail(viewer: Viewer, email: string): void {
  if (!viewer.email || viewer.email.toLowerCase() !== email.toLowerCase()) {
    throw new HttpError(403, 'forbidden', 'You can only list your own plants.');
  }
}

/** The rules of the plant list: the newest plants, the paged views, and the filter options. */
export function createPlantListService(
  repository: () => PlantListRepository,
  clock: () => Date = () => new Date(),
  membershipOf: MembershipReader = async () => null,
  /** What a signed-in view reads to say where its plants stand: one getAll of at most two books a page. */
  placesOf: PlacesReader = noPlaces,
  /** What a view of the reader's plants in one place reads instead: the same getAll, which also says whether they may use it. */
  placeFilterOf: PlaceFilterReader = async () => null,
) {
  const facets = keptFor<'facets', PlantFacets>(FACETS_FRESH_MS, clock);
  const newest = keptFor<number | undefined, Plant[]>(NEWEST_FRESH_MS, clock);

  /**
   * The plants as `viewer` may see them: one read of their membership when a plant is shared, and
   * for a signed-in viewer the books of the places the page's plants stand in (none when none does).
   * A page of one place's plants hands over what its filter read (`known`), which is not read again.
   */
  async function answers(
    plants: Plant[],
    viewer: Viewer | null,
    known?: { membership: () => Promise<Membership | null>; places: PlaceLookup },
  ): Promise<Plant[]> {
    const membership = needsMembership(plants, viewer)
      ? await (known ? known.membership() : membershipOf(viewer.uid))
      : null;
    const now = clock();
    const places = known?.places ?? (viewer ? await placesOf(viewer, plants, membership, now) : undefined);
    return plants.map((plant) => forViewer(plant, viewer, membership, now, places));
  }

  /**
   * A page's place filter (`placeId`, with `email`): the plants in a place the reader may use, with
   * the book the page shows their place from, or those in none. 400 naming placeId for any other id.
   */
  async function placeFilter(
    viewer: Viewer,
    placeId: string,
  ): Promise<{
    placeKey: string | null;
    known?: { membership: () => Promise<Membership | null>; places: PlaceLookup };
  }> {
    if (placeId === UNPLACED_FILTER) return { placeKey: null };
    let read: Promise<Membership | null> | undefined;
    const membership = () => (read ??= membershipOf(viewer.uid));
    const places = await placeFilterOf(viewer, placeId, membership, clock());
    if (!places) {
      const message = `placeId names no place of yours or your household’s (it may have been deleted): ask GET /mango/places for their ids, or ${UNPLACED_FILTER} for the plants in no place.`;
      throw new HttpError(400, 'invalid_input', message, { placeId: message });
    }
    return { placeKey: placeId, known: { membership, places } };
  }

  return {
    /**
     * GET /mango without `email`: the newest plants. A visitor's list without `before` is the same
     * for everyone (forViewer's public view, which does not change with the time), so it is read
     * at most once per NEWEST_FRESH_MS per `limit`; a signed-in viewer's (their own plants'
     * fields) and a page `before` a time are read every time.
     */
    async listPlants(viewer: Viewer | null, options: ListOptions): Promise<Plant[]> {
      if (viewer || options.before !== undefined || !isListLimit(options.limit))
        return answers(await repository().listPlants(options), viewer);
      const { limit } = options;
      return newest(limit, async () => answers(await repository().listPlants({ limit }), null));
    },

    /** GET /mango?email=E: only the user whose token carries E (any letter case) may ask. */
    async listOwnPlants(viewer: Viewer, email: string, options: ListOptions): Promise<Plant[]> {
      assertOwnEmail(viewer, email);
      // By uid, not by the stored email: the list survives an email change and cannot be claimed
      // by whoever later gets a plant's old address.
      return answers(await repository().listPlantsByOwner(viewer.uid, options), viewer);
    },

    /**
     * The paged view of GET /mango (q, category, care, petSafe, sort, dir, match, limit, cursor), or with
     * `email` the caller's own plants in the same orders, in one place or none with `placeId`. The
     * cursor is bound to the query it came from: the same search, filters, place, order and owner.
     */
    async listPlantPage(viewer: Viewer | null, query: ListPlantsQuery): Promise<PlantPage<Plant>> {
      let ownerUid: string | undefined;
      if (query.email !== undefined) {
        if (!viewer) throw new HttpError(401, 'unauthenticated', 'Please sign in to do that.');
        assertOwnEmail(viewer, query.email);
        ownerUid = viewer.uid;
      }
      // The schema takes placeId only with email: the viewer is the owner asked for.
      const filter = query.placeId !== undefined && viewer ? await placeFilter(viewer, query.placeId) : undefined;
      const search = query.q?.trim() ?? '';
      const page = {
        search,
        match: query.match ?? 'name',
        category: query.category || undefined,
        care: query.care?.trim().toLowerCase() || undefined,
        petSafe: query.petSafe,
        ownerUid,
        ...(query.placeId !== undefined ? { placeId: query.placeId } : {}),
        sort: query.sort ?? DEFAULT_SORT,
        dir: query.dir ?? DEFAULT_DIRECTION,
      } as const;
      const fingerprint = queryFingerprint({ ...page, search: searchText(search) });
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, fingerprint);
      const result = await repository().queryPlants({
        ...page,
        ...(filter ? { placeKey: filter.placeKey } : {}),
        limit: query.limit ?? LIST_DEFAULT_PAGE,
        after,
      });
      return {
        plants: await answers(result.plants, viewer, filter?.known),
        nextCursor: result.nextAfter === null ? null : encodeCursor(result.nextAfter, fingerprint),
        total: result.total,
        totalExact: result.totalExact,
      };
    },

    /**
     * GET /mango/household/plants: the plants shared with the caller's household (theirs among
     * them), by name, a page at a time: the caller's membership and the page. Someone in no
     * household shares with nobody: an empty page (a cursor from a household they left leads
     * nowhere either); a sitter after their last day is refused (403).
     */
    async listHouseholdPlants(viewer: Viewer, query: HouseholdPlantsQuery): Promise<DuePage<Plant>> {
      const now = clock();
      const membership = await membershipOf(viewer.uid);
      if (householdAccess(membership, now).status === 'none') return { plants: [], nextCursor: null, total: 0 };
      requireMember(membership, now);
      const fingerprint = queryFingerprint({ view: 'household', household: membership!.householdId });
      const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor, fingerprint);
      const result = await repository().listShared(
        membership!.householdShareKeys,
        query.limit ?? LIST_LIMITS.maxPage,
        after,
      );
      const places = await placesOf(viewer, result.plants, membership, now);
      return {
        plants: result.plants.map((plant) => forViewer(plant, viewer, membership, now, places)),
        nextCursor: result.nextAfter === null ? null : encodeCursor(result.nextAfter, fingerprint),
        total: result.total,
      };
    },

    /**
     * GET /mango/facets: the Category and Care Level options, from count() aggregations, counted
     * again at most every FACETS_FRESH_MS by this instance: they are the same for everyone and
     * change rarely, and a dozen aggregations per All Plants view would cost more than the page.
     */
    async facets(): Promise<PlantFacets> {
      return facets('facets', () => repository().facets());
    },
  };
}

export type PlantListService = ReturnType<typeof createPlantListService>;
