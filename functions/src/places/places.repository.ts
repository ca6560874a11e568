import { FieldValue, type Firestore, type WriteBatch } from 'firebase-admin/firestore';
import type { AccountsRepository, AccountWork } from '../accounts/accounts.repository';
import { sharingMembership, type Membership } from '../access/household-access';
import { firestoreCall as call, lostRace } from '../lib/firestore-call';
import { HttpError } from '../lib/http-error';
import type { Actor } from '../lib/viewer';
import {
  PLACES_PER_HOUSEHOLD,
  PLACES_PER_PERSON,
  type CreatePlaceInput,
  type Place,
  type PlaceDeleted,
  type UpdatePlaceInput,
  type WalkPlace,
} from '../model';
import {
  livePlaces,
  placeBookStore,
  placeNamed,
  placeRecord,
  toPlaceBook,
  writeBook,
  type PlaceBook,
  type StoredPlace,
} from './place-books.repository';

/**
 * What the places room is handed of the plant store (rooms.ts makes it from the store's
 * repository): how many plants stand in a place, which, and the writes that move one out of it
 * (the plant on the update time it was read at, with a `moved` event in its journal).
 */
export interface PlacedPlants<P extends { id: string }> {
  /** A count() aggregation: plants whose `placeId` is the place's, and with `shareKeys` only those carrying one of them. */
  countIn(placeId: string, shareKeys?: readonly string[]): Promise<number>;
  plantsIn(placeId: string, limit: number): Promise<P[]>;
  moveOut(batch: WriteBatch, plant: P, move: { by: Actor; fromPlace: string; placeDeleted: true }, now: Date): void;
}

/**
 * The most plants a delete moves out of its place in its own commit, and the task queue in each of
 * its commits: two writes each (the plant, its `moved` event) beside the book, the person's walk,
 * the account and the membership: 404 of the 500 writes a commit takes.
 */
export const MOVE_OUT_PER_COMMIT = 200;

/** A place's plants moved out by the task queue (emptyPlace): its book, and the place. */
export interface EmptyPlaceTask {
  /** The household whose shared place it is; null for a person's own, whose book is `bookId`'s. */
  household: string | null;
  bookId: string;
  placeId: string;
}

/** The books a caller's place calls read: their own, and their household's when they are in one (a sitter's lapsed one too, to refuse them by name). */
export interface CallerBooks {
  own: PlaceBook;
  shared: PlaceBook | null;
}

/** A place found for a change, in its book. */
export interface FoundForChange {
  place: StoredPlace;
  book: PlaceBook;
}

export const noSuchPlace = () =>
  new HttpError(
    404,
    'not_found',
    'That place does not exist among yours or your household\u2019s. It may have been deleted.',
  );

const tooMany = (shared: boolean) =>
  new HttpError(
    409,
    'too_many_places',
    shared
      ? `Your household already has ${PLACES_PER_HOUSEHOLD} shared places, the most a household can have. Delete one to make another.`
      : `You already keep ${PLACES_PER_PERSON} places of your own, the most one person can have. Delete one to make another.`,
  );

const nameTaken = (name: string, shared: boolean) => {
  const message = shared
    ? `Your household already has a shared place called \u201c${name}\u201d. Pick another name.`
    : `You already have a place called \u201c${name}\u201d. Pick another name.`;
  return new HttpError(409, 'name_taken', message, { name: message });
};

/**
 * The reader's walk: the places they see (their own and their household's shared ones, live), in
 * the order their book stores, then those it does not name (made since, or by someone else of the
 * household), oldest first.
 */
function walkOf(books: CallerBooks): StoredPlace[] {
  const visible = [...livePlaces(books.own), ...livePlaces(books.shared)];
  const byId = new Map(visible.map((place) => [place.id, place]));
  const ordered = books.own.order.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  const named = new Set(ordered.map((place) => place.id));
  const rest = visible
    .filter((place) => !named.has(place.id))
    .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id));
  return [...ordered, ...rest];
}

/**
 * The places: each person's and each household's in one document (place-books.repository.ts).
 * Every change is one write of the caller's account (AccountsRepository.write: the write budget,
 * one commit) that writes each book it changes on the update time it was read at, so changes of
 * one book are made one after the other, and a plant put in a place deleted meanwhile is made
 * again and refused.
 */
export function createPlacesRepository<P extends { id: string }>(
  db: Firestore,
  accounts: AccountsRepository,
  placed: PlacedPlants<P>,
) {
  const books = placeBookStore(db);
  /** The caller's own book and, when they are in a household (active or not), its book: one getAll. */
  async function booksOf(uid: string, membership: Membership | null): Promise<CallerBooks> {
    const { own, shared } = await books.readBooks({
      uid,
      ...(membership ? { household: membership.householdId } : {}),
    });
    return { own: own!, shared };
  }

  /** How many plants stand in a place that the reader may see there (a shared place: those shared with the household). */
  const countOf = (place: StoredPlace, membership: Membership | null) =>
    place.household === null
      ? placed.countIn(place.id)
      : placed.countIn(place.id, membership?.householdShareKeys ?? []);

  /** The walk as it is answered, without counts: what its books say, and nothing more read. */
  const walkViews = (walk: StoredPlace[]): WalkPlace[] =>
    walk.map((place, i) => ({
      id: place.id,
      name: place.name,
      light: place.light,
      outdoor: place.outdoor,
      order: i + 1,
      shared: place.household !== null,
    }));

  async function viewsOf(walk: StoredPlace[], membership: Membership | null): Promise<Place[]> {
    const counts = await Promise.all(walk.map((place) => countOf(place, membership)));
    return walkViews(walk).map((view, i) => ({ ...view, plantCount: counts[i]! }));
  }

  /** The place `id` names among the caller's (a leaving one too, for its delete to be asked again), or 404. */
  function find(found: CallerBooks, id: string): FoundForChange {
    for (const book of [found.own, found.shared]) {
      const place = book?.places.get(id);
      if (book && place) return { place, book };
    }
    throw noSuchPlace();
  }

  /** The caller's walk without `id`, when their book names it: written with the change that deletes it. */
  const walkWithout = (own: PlaceBook, id: string) =>
    own.order.includes(id) ? { order: own.order.filter((other) => other !== id) } : null;

  return {
    /**
     * GET /mango/places: the reader's walk with each place's plant count (a count() each): their
     * own places and, while they are active in a household (a sitter until their last day), its
     * shared ones.
     */
    async listPlaces(uid: string, membership: Membership | null, now: Date): Promise<Place[]> {
      const active = sharingMembership(membership, now);
      const found = await booksOf(uid, active);
      return viewsOf(walkOf(found), active);
    },

    /** GET /mango/places?plantCount=false: the same walk without the counts, so no count() at all. */
    async listWalk(uid: string, membership: Membership | null, now: Date): Promise<WalkPlace[]> {
      return walkViews(walkOf(await booksOf(uid, sharingMembership(membership, now))));
    },

    /**
     * A new place: the caller's own, or (`input.shared`) their household's once `authorize`
     * allows; 409 past the limit or for a name taken in that book. It goes last in the caller's walk.
     */
    async createPlace(
      uid: string,
      input: CreatePlaceInput,
      now: Date,
      authorize: (membership: Membership | null) => void,
    ): Promise<Place> {
      return accounts.write(uid, now, async (account) => {
        const membership = account.membership();
        if (input.shared) authorize(membership);
        // The household's book too when the caller sees it: their walk holds its places.
        const found = await booksOf(uid, sharingMembership(membership, now));
        const book = input.shared ? found.shared! : found.own;
        const most = input.shared ? PLACES_PER_HOUSEHOLD : PLACES_PER_PERSON;
        if (livePlaces(book).length >= most) throw tooMany(input.shared);
        if (placeNamed(book, input.name)) throw nameTaken(input.name, input.shared);
        const id = books.newPlaceId();
        const place: StoredPlace = {
          id,
          name: input.name,
          light: input.light,
          outdoor: input.outdoor,
          createdBy: uid,
          createdAt: now,
          leaving: null,
          household: book.household,
        };
        const walk = walkOf(found);
        const order = [...walk.map((other) => other.id), id];
        return {
          result: {
            id,
            name: place.name,
            light: place.light,
            outdoor: place.outdoor,
            order: order.length,
            shared: input.shared,
            plantCount: 0,
          },
          write: (batch) => {
            const entry = { [`places.${id}`]: placeRecord(place) };
            if (book === found.own) writeBook(batch, found.own, { ...entry, order }, now);
            else {
              writeBook(batch, book, entry, now);
              writeBook(batch, found.own, { order }, now);
            }
          },
        };
      });
    },

    /**
     * A place's name, light and outdoor, once `authorize` allows the caller; 409 for a name taken in
     * its book. Nothing is stored when nothing changes.
     */
    async updatePlace(
      uid: string,
      id: string,
      input: UpdatePlaceInput,
      now: Date,
      authorize: (place: StoredPlace, membership: Membership | null) => void,
    ): Promise<Place> {
      const place = await accounts.write(uid, now, async (account) => {
        const membership = account.membership();
        const found = await booksOf(uid, membership);
        const { place, book } = find(found, id);
        if (place.leaving) throw noSuchPlace();
        authorize(place, membership);
        if (placeNamed(book, input.name, id)) throw nameTaken(input.name, book.household !== null);
        const changed = { ...place, name: input.name, light: input.light, outdoor: input.outdoor ?? place.outdoor };
        const same = changed.name === place.name && changed.light === place.light && changed.outdoor === place.outdoor;
        return {
          result: { changed, walk: walkOf(visibleOnly(found, membership, now)), membership },
          write: same
            ? undefined
            : (batch: WriteBatch) =>
                writeBook(
                  batch,
                  book,
                  {
                    [`places.${id}.name`]: changed.name,
                    [`places.${id}.light`]: changed.light,
                    [`places.${id}.outdoor`]: changed.outdoor,
                  },
                  now,
                ),
        };
      });
      const walk = place.walk.map((other) => (other.id === id ? place.changed : other));
      const [view] = await viewsOf([place.changed], place.membership);
      return { ...view!, order: walk.findIndex((other) => other.id === id) + 1 };
    },

    /** PUT /mango/places/order: `ids` first, in that order, then the rest of the walk as it was; 400 for an id that is not one of the caller's places. */
    async orderPlaces(uid: string, ids: readonly string[], now: Date): Promise<Place[]> {
      const { walk, membership } = await accounts.write(uid, now, async (account) => {
        const membership = account.membership();
        // Only the places the caller sees now: a lapsed sitter's household's are not among them.
        const found = await booksOf(uid, sharingMembership(membership, now));
        const current = walkOf(found);
        const known = new Map(current.map((place) => [place.id, place]));
        const stranger = ids.find((id) => !known.has(id));
        if (stranger !== undefined) {
          const message = `The walking order (ids) names a place that is not one of yours or your household\u2019s: ${stranger}. It may have been deleted.`;
          throw new HttpError(400, 'invalid_input', message, { ids: message });
        }
        const first = new Set(ids);
        const walk = [...ids.map((id) => known.get(id)!), ...current.filter((place) => !first.has(place.id))];
        const order = walk.map((place) => place.id);
        const same = order.length === found.own.order.length && order.every((id, i) => found.own.order[i] === id);
        return {
          result: { walk, membership },
          write: same ? undefined : (batch: WriteBatch) => writeBook(batch, found.own, { order }, now),
        };
      });
      return viewsOf(walk, membership);
    },

    /**
     * Deletes a place once `authorize` allows the caller. Up to MOVE_OUT_PER_COMMIT plants standing
     * in it are moved out in the same commit (each with a `moved` event); more, and the place is
     * marked leaving in this commit (gone to every reader, its name free) and `queue` has the task
     * queue move them out (emptyPlace), before the commit, so that a failure to queue stores
     * nothing. A place already leaving is queued again (nothing is stored).
     */
    async deletePlace(
      uid: string,
      id: string,
      by: Actor,
      now: Date,
      authorize: (place: StoredPlace, membership: Membership | null) => void,
      queue: (task: EmptyPlaceTask) => Promise<void>,
    ): Promise<PlaceDeleted> {
      return accounts.write(uid, now, async (account): Promise<AccountWork<PlaceDeleted>> => {
        const membership = account.membership();
        const found = await booksOf(uid, membership);
        const { place, book } = find(found, id);
        authorize(place, membership);
        const task: EmptyPlaceTask = { household: book.household, bookId: book.ref.id, placeId: id };
        if (place.leaving) {
          await queue(task);
          return { result: { deletedCount: 1, movedOut: await placed.countIn(id), pending: true } };
        }
        const plants = await placed.plantsIn(id, MOVE_OUT_PER_COMMIT + 1);
        const walk = walkWithout(found.own, id);
        const ownToo = (batch: WriteBatch) => {
          if (walk && book !== found.own) writeBook(batch, found.own, walk, now);
        };
        if (plants.length <= MOVE_OUT_PER_COMMIT)
          return {
            result: { deletedCount: 1, movedOut: plants.length, pending: false },
            write: (batch) => {
              for (const plant of plants)
                placed.moveOut(batch, plant, { by, fromPlace: place.name, placeDeleted: true }, now);
              writeBook(
                batch,
                book,
                { [`places.${id}`]: FieldValue.delete(), ...(book === found.own ? (walk ?? {}) : {}) },
                now,
              );
              ownToo(batch);
            },
          };
        const movedOut = await placed.countIn(id);
        await queue(task);
        return {
          result: { deletedCount: 1, movedOut, pending: true },
          write: (batch) => {
            writeBook(
              batch,
              book,
              { [`places.${id}.leaving`]: { by, at: now }, ...(book === found.own ? (walk ?? {}) : {}) },
              now,
            );
            ownToo(batch);
          },
        };
      });
    },

    /**
     * The task queue's work for a place being deleted: its plants moved out, MOVE_OUT_PER_COMMIT a
     * commit (each plant on the update time it was read at: a plant changed meanwhile is read
     * again), then its record taken out of its book. Run again, it goes on where it stopped.
     * @returns how many plants it moved out
     */
    async emptyPlace(task: EmptyPlaceTask, now: Date): Promise<number> {
      const ref = task.household === null ? books.personRef(task.bookId) : books.householdRef(task.bookId);
      let moved = 0;
      for (let lost = 0; lost < 12;) {
        const book = toPlaceBook(await call(ref.get()), task.household);
        const place = book.places.get(task.placeId);
        if (!place) return moved;
        // Queued before the commit that marks it: that commit may not be stored yet (Cloud Tasks tries again).
        if (!place.leaving) throw new Error('The place is not being deleted: its delete has not been stored (yet).');
        const plants = await placed.plantsIn(task.placeId, MOVE_OUT_PER_COMMIT);
        const batch = db.batch();
        if (plants.length)
          for (const plant of plants)
            placed.moveOut(batch, plant, { by: place.leaving.by, fromPlace: place.name, placeDeleted: true }, now);
        else
          writeBook(
            batch,
            book,
            {
              [`places.${task.placeId}`]: FieldValue.delete(),
              ...(task.household === null ? (walkWithout(book, task.placeId) ?? {}) : {}),
            },
            now,
          );
        try {
          // Not through firestoreCall, which answers a failed precondition 503: here it is a race to run again.
          await batch.commit();
        } catch (error) {
          if (!lostRace(error)) throw error;
          lost += 1;
          continue;
        }
        if (!plants.length) return moved;
        moved += plants.length;
        lost = 0;
      }
      throw new Error('Emptying a place kept losing to other writes; Cloud Tasks tries again.');
    },
  };
}

/** The books as the caller sees them: without their household's when they are no longer active in it. */
const visibleOnly = (found: CallerBooks, membership: Membership | null, now: Date): CallerBooks =>
  sharingMembership(membership, now) ? found : { own: found.own, shared: null };

export type PlacesRepository = ReturnType<typeof createPlacesRepository>;
