import type { DocumentReference, DocumentSnapshot, Firestore, WriteBatch } from 'firebase-admin/firestore';
import { firestoreCall as call } from '../lib/firestore-call';
import { toDate } from '../lib/firestore-fields';
import { HttpError } from '../lib/http-error';
import type { Actor, Viewer } from '../lib/viewer';
import { isSharedWith, sharingMembership, type Membership, type SharablePlant } from '../access/household-access';
import {
  IMPORTED_PLACE_LIGHT,
  LIGHT_LEVELS,
  PLACES_PER_PERSON,
  foldPlaceName,
  type LightLevel,
  type PlantPlace,
} from '../model';

/**
 * A person's places: one document keyed by their uid, `{ places: { <id>: { name, light, outdoor,
 * createdBy, createdAt, leaving? } }, order: [ids], updatedAt }`: their own places, and their walk
 * (the order they go round their own places and their household's shared ones).
 */
export const PERSON_PLACES_COLLECTION = 'personPlaces';
/** A household's shared places: one document keyed by the household's id, `{ places: {...}, updatedAt }`. */
export const HOUSEHOLD_PLACES_COLLECTION = 'householdPlaces';

/** A place as its book keeps it. */
export interface StoredPlace {
  id: string;
  name: string;
  light: LightLevel;
  outdoor: boolean;
  /** Who made it. */
  createdBy: string | null;
  createdAt: Date;
  /**
   * Being deleted: the task queue is moving its plants out (who deleted it, and when). It is gone to
   * every reader meanwhile, and its name is free; its record goes once no plant stands in it.
   */
  leaving: { by: Actor; at: Date } | null;
  /** The household whose shared place it is; null for a person's own. */
  household: string | null;
  /** A person's own place: whose. */
  ownerUid?: string;
}

/** A place a plant may be put in: live, in one of the writer's books. */
type FoundPlace = StoredPlace;

/** One book of places as read: a person's or a household's document. */
export interface PlaceBook {
  ref: DocumentReference;
  snapshot: DocumentSnapshot;
  /** The household whose book it is; null for a person's. */
  household: string | null;
  /** Every place, leaving ones included, by id. */
  places: Map<string, StoredPlace>;
  /** A person's walk as stored (ids; some may name places gone since). A household's book has none. */
  order: string[];
}

const isLight = (value: unknown): value is LightLevel => LIGHT_LEVELS.includes(value as LightLevel);

function leavingOf(value: unknown): StoredPlace['leaving'] {
  if (!value || typeof value !== 'object') return null;
  const { by, at } = value as { by?: { uid?: unknown; displayName?: unknown }; at?: unknown };
  return {
    by: {
      uid: typeof by?.uid === 'string' ? by.uid : '',
      displayName: typeof by?.displayName === 'string' ? by.displayName : 'Unnamed gardener',
    },
    at: toDate(at) ?? new Date(0),
  };
}

/** A book document as read: places it cannot read (no name, no light) are left out. */
export function toPlaceBook(snapshot: DocumentSnapshot, household: string | null): PlaceBook {
  const data = snapshot.data() ?? {};
  const stored = (data.places ?? {}) as Record<string, Record<string, unknown> | undefined>;
  const places = new Map<string, StoredPlace>();
  for (const [id, entry] of Object.entries(stored)) {
    if (!entry || typeof entry.name !== 'string' || !isLight(entry.light)) continue;
    places.set(id, {
      id,
      name: entry.name,
      light: entry.light,
      outdoor: entry.outdoor === true,
      createdBy: typeof entry.createdBy === 'string' ? entry.createdBy : null,
      createdAt: toDate(entry.createdAt) ?? new Date(0),
      leaving: leavingOf(entry.leaving),
      household,
      ...(household === null ? { ownerUid: snapshot.id } : {}),
    });
  }
  const order = Array.isArray(data.order) ? data.order.filter((id): id is string => typeof id === 'string') : [];
  return { ref: snapshot.ref, snapshot, household, places, order };
}

/** The places of a book that stand: not being deleted. */
export const livePlaces = (book: PlaceBook | null): StoredPlace[] =>
  book ? [...book.places.values()].filter((place) => !place.leaving) : [];

/** A place as a stored change writes it into its book (`places.<id>`). */
export const placeRecord = (place: Pick<StoredPlace, 'name' | 'light' | 'outdoor' | 'createdBy' | 'createdAt'>) => ({
  name: place.name,
  light: place.light,
  outdoor: place.outdoor,
  createdBy: place.createdBy,
  createdAt: place.createdAt,
});

/** The write of a book read as `book`: an update on the update time it was read at, or its creation. */
export function writeBook(batch: WriteBatch, book: PlaceBook, data: Record<string, unknown>, now: Date): void {
  if (book.snapshot.exists)
    batch.update(book.ref, { ...data, updatedAt: now }, { lastUpdateTime: book.snapshot.updateTime! });
  else batch.create(book.ref, { ...nested(data), updatedAt: now });
}

/** `places.<id>` paths as the nested object a created document needs (create takes no field paths). */
function nested(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(data)) {
    const [head, ...rest] = key.split('.');
    if (!rest.length) out[key] = value;
    else ((out[head!] ??= {}) as Record<string, unknown>)[rest.join('.')] = value;
  }
  return out;
}

/** What a view of plants knows of where each stands (PlacesReader). */
export interface PlaceLookup {
  /** The place a plant stands in as this reader sees it; null when nowhere, or in a place they cannot see. */
  placeOf(plant: SharablePlant): (PlantPlace & { outdoor: boolean }) | null;
}

/**
 * What a view reads to tell where its plants stand: the reader's own book when one of their own
 * plants stands in a place of theirs, their household's when one of the plants stands in a shared
 * place of it, in one getAll; nothing when none stands anywhere. `membership` is the reader's as the
 * view read it (a plant in a shared place is shared, so a view that has one has read it).
 */
export type PlacesReader = (
  viewer: Viewer,
  plants: readonly SharablePlant[],
  membership: Membership | null,
  now: Date,
) => Promise<PlaceLookup>;

/**
 * What a view of the reader's own plants in one place reads (My Plants' place filter): the book
 * that holds the place, and `membership` (the reader's, read once however often it is asked for)
 * only when it is not their own. Null when `placeId` names no place they may use; else what the
 * view needs to say where its plants stand, from the same read (they all stand in that place, so
 * the view reads no book again).
 */
export type PlaceFilterReader = (
  viewer: Viewer,
  placeId: string,
  membership: () => Promise<Membership | null>,
  now: Date,
) => Promise<PlaceLookup | null>;

/** The places a write may use, read once per attempt (PlaceBooks.session). */
export interface PlaceSession {
  /**
   * The place `id` names among the writer's own places and, while they are active in a household,
   * its shared ones: live (a place being deleted is not found), or null. Its book is then written
   * with the change, on the update time it was read at (guard): a place deleted meanwhile makes
   * the change be made again, and refused.
   */
  use(id: string): Promise<FoundPlace | null>;
  /** The name of the place a stored plant stands in, for its journal; null when it stands nowhere (or its book is gone). */
  nameOf(plant: Pick<SharablePlant, 'placeId' | 'placeHousehold' | 'ownerUid'>): Promise<string | null>;
  /**
   * An import's places by name, among the writer's own (any letter case): the ids of those they
   * have, and new places, made with this change, for the names they have not, while their own
   * places stay within PLACES_PER_PERSON; the names past it are `pastLimit`. A new place takes the
   * light the file gives, else IMPORTED_PLACE_LIGHT.
   */
  ownByName(wanted: readonly { name: string; light?: LightLevel }[]): Promise<{
    idOf: (name: string) => string | undefined;
    pastLimit: string[];
  }>;
  /** Writes each book the change used (none: nothing), on the update time it was read at, with the places made. */
  guard(batch: WriteBatch, now: Date): void;
}

const placeGone = () =>
  new HttpError(
    409,
    'conflict',
    'A place this import puts plants in was deleted while it ran, so nothing was imported. Import the file again.',
  );

/**
 * The books' documents as the places room's own modules use them: by reference, read together,
 * and a new place's id. Never handed to another room (createPlaceBooks is what they get).
 */
export function placeBookStore(db: Firestore) {
  const people = db.collection(PERSON_PLACES_COLLECTION);
  const households = db.collection(HOUSEHOLD_PLACES_COLLECTION);
  const personRef = (uid: string) => people.doc(uid);
  const householdRef = (householdId: string) => households.doc(householdId);

  async function readBooks(wanted: {
    uid?: string;
    household?: string;
  }): Promise<{ own: PlaceBook | null; shared: PlaceBook | null }> {
    const refs = [
      ...(wanted.uid !== undefined ? [personRef(wanted.uid)] : []),
      ...(wanted.household !== undefined ? [householdRef(wanted.household)] : []),
    ];
    if (!refs.length) return { own: null, shared: null };
    const snapshots = await call(db.getAll(...refs));
    const own = wanted.uid !== undefined ? toPlaceBook(snapshots[0]!, null) : null;
    const shared = wanted.household !== undefined ? toPlaceBook(snapshots.at(-1)!, wanted.household) : null;
    return { own, shared };
  }

  return {
    personRef,
    householdRef,
    readBooks,
    /** A new place's id: a Firestore auto-id (letters and digits, so it names a field of its book as it is). */
    newPlaceId: () => people.doc().id,
  };
}

/**
 * The books of places (a person's and a household's documents), as the rooms beside the places
 * room are handed them: what a view of plants reads to say where each stands (`read`), what a
 * change of a plant reads and guards to put it in a place (`session`), and what an import's
 * batches guard (`standing`).
 */
export function createPlaceBooks(db: Firestore) {
  const { personRef, householdRef, readBooks, newPlaceId } = placeBookStore(db);

  /** What a view tells of where its plants stand, from the books it read (null: not read, or none). */
  function lookupOf(
    viewer: Viewer,
    active: Membership | null,
    own: PlaceBook | null,
    shared: PlaceBook | null,
  ): PlaceLookup {
    const household = active?.householdId;
    const seen = (place: StoredPlace | undefined) =>
      place && !place.leaving ? { id: place.id, name: place.name, light: place.light, outdoor: place.outdoor } : null;
    return {
      placeOf(plant) {
        if (!plant.placeId) return null;
        if (plant.placeHousehold) {
          const mayUse = plant.ownerUid === viewer.uid || isSharedWith(plant, active);
          return plant.placeHousehold === household && mayUse ? seen(shared?.places.get(plant.placeId)) : null;
        }
        return plant.ownerUid === viewer.uid ? seen(own?.places.get(plant.placeId)) : null;
      },
    };
  }

  const read: PlacesReader = async (viewer, plants, membership, now) => {
    const active = sharingMembership(membership, now);
    const placed = plants.filter((plant) => plant.placeId);
    const needOwn = placed.some((plant) => !plant.placeHousehold && plant.ownerUid === viewer.uid);
    const household = active?.householdId;
    const needShared = !!household && placed.some((plant) => plant.placeHousehold === household);
    const { own, shared } = await readBooks({
      ...(needOwn ? { uid: viewer.uid } : {}),
      ...(needShared ? { household } : {}),
    });
    return lookupOf(viewer, active, own, shared);
  };

  /**
   * Places a person may use, by the one rule a plant's placeId is checked by (PlaceSession.use):
   * their own, and while they are active in a household its shared ones, live. Their own book first,
   * which a view of plants in one of their places reads anyway; their membership and the
   * household's book only for a place it does not hold.
   */
  const readPlace: PlaceFilterReader = async (viewer, placeId, membershipOf, now) => {
    const live = (book: PlaceBook | null) => {
      const place = book?.places.get(placeId);
      return !!place && !place.leaving;
    };
    const { own } = await readBooks({ uid: viewer.uid });
    if (live(own)) return lookupOf(viewer, null, own, null);
    const active = sharingMembership(await membershipOf(), now);
    if (!active) return null;
    const { shared } = await readBooks({ household: active.householdId });
    return live(shared) ? lookupOf(viewer, active, own, shared) : null;
  };

  function session(uid: string, membership: () => Membership | null, now: Date): PlaceSession {
    const books = new Map<string, Promise<PlaceBook>>();
    /** The books the change uses, by key: written with it (guard). */
    const used = new Map<string, PlaceBook>();
    const made: StoredPlace[] = [];
    const keyOf = (household: string | null, owner: string) =>
      household === null ? `person/${owner}` : `household/${household}`;
    const bookOf = (household: string | null, owner = uid): Promise<PlaceBook> => {
      const key = keyOf(household, owner);
      let book = books.get(key);
      if (!book) {
        const ref = household === null ? personRef(owner) : householdRef(household);
        book = call(ref.get()).then((snapshot) => toPlaceBook(snapshot, household));
        books.set(key, book);
      }
      return book;
    };
    return {
      async use(id) {
        const active = sharingMembership(membership(), now);
        const [own, shared] = await Promise.all([bookOf(null), active ? bookOf(active.householdId) : null]);
        for (const book of [own, shared]) {
          const place = book?.places.get(id);
          if (book && place && !place.leaving) {
            used.set(keyOf(book.household, uid), book);
            return place;
          }
        }
        return null;
      },
      async nameOf(plant) {
        if (!plant.placeId || (!plant.placeHousehold && !plant.ownerUid)) return null;
        const book = await bookOf(plant.placeHousehold ?? null, plant.ownerUid);
        return book.places.get(plant.placeId)?.name ?? null;
      },
      async ownByName(wanted) {
        const book = await bookOf(null);
        used.set(keyOf(null, uid), book);
        const ids = new Map(livePlaces(book).map((place) => [foldPlaceName(place.name), place.id]));
        let room = PLACES_PER_PERSON - livePlaces(book).length;
        const pastLimit: string[] = [];
        for (const { name, light } of wanted) {
          const folded = foldPlaceName(name);
          if (ids.has(folded) || pastLimit.some((other) => foldPlaceName(other) === folded)) continue;
          if (room <= 0) {
            pastLimit.push(name);
            continue;
          }
          room -= 1;
          const place: StoredPlace = {
            id: newPlaceId(),
            name: name.trim(),
            light: light ?? IMPORTED_PLACE_LIGHT,
            outdoor: false,
            createdBy: uid,
            createdAt: now,
            leaving: null,
            household: null,
            ownerUid: uid,
          };
          made.push(place);
          ids.set(folded, place.id);
        }
        return { idOf: (name) => ids.get(foldPlaceName(name)), pastLimit };
      },
      guard(batch, at) {
        for (const book of used.values()) {
          const fields: Record<string, unknown> = {};
          if (book.household === null && made.length) {
            for (const place of made) fields[`places.${place.id}`] = placeRecord(place);
            fields.order = [...book.order, ...made.map((place) => place.id)];
          }
          writeBook(batch, book, fields, at);
        }
      },
    };
  }

  return {
    read,
    readPlace,
    session,

    /**
     * Before each batch of an import: that every place it puts plants in still stands in the
     * importer's book (409 otherwise), and the write that keeps it so until the batch is stored
     * (the book, on the update time just read: a place deleted meanwhile fails the batch).
     */
    async standing(uid: string, placeIds: readonly string[], now: Date): Promise<(batch: WriteBatch) => void> {
      const book = toPlaceBook(await call(personRef(uid).get()), null);
      if (placeIds.some((id) => !book.places.get(id) || book.places.get(id)!.leaving)) throw placeGone();
      return (batch) => writeBook(batch, book, {}, now);
    },

    /** An import's refusal when a place it puts plants in was deleted while it ran. */
    placeGone,
  };
}

export type PlaceBooks = ReturnType<typeof createPlaceBooks>;

/** The place of `book` (live) whose name is `name`, any letter case. */
export const placeNamed = (book: PlaceBook | null, name: string, except?: string): StoredPlace | undefined =>
  livePlaces(book).find((place) => place.id !== except && foldPlaceName(place.name) === foldPlaceName(name));
