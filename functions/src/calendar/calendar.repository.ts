import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { AccountsRepository } from '../accounts/accounts.repository';
import { firestoreCall as call } from '../lib/firestore-call';
import type { Plant } from '../model';
import { PLANTS_COLLECTION, toPlant } from '../plants/plants.repository';

/**
 * One document per user who has asked for a calendar feed, keyed by the user's uid:
 * `{ nonce, secretHash, generation, createdAt, updatedAt }`. The feed's secret itself is never
 * stored (see calendar.service.ts): `secretHash` finds the owner of a secret, and `nonce` lets the
 * server derive the same secret again. Browsers never read the collection (firestore.rules).
 */
export const CALENDAR_FEEDS_COLLECTION = 'calendarFeeds';
/**
 * Under each feed: one empty marker per generation a changed server key made, so that two such
 * renewals cannot both win. Resets (rotateFeed) are writes of the user's account, serialised by it.
 */
export const FEED_GENERATIONS_COLLECTION = 'generations';

/**
 * The most plants one feed lists: a user owns at most 5,000 plants (issue 13's quota), so this only
 * bounds the read should that quota ever be lifted.
 */
export const MAX_FEED_PLANTS = 5000;

export interface FeedRecord {
  /** Random, base64url; the secret is derived from it with the server's key. */
  nonce: string;
  /** SHA-256 of the secret, base64url. */
  secretHash: string;
  /** 1 for the first secret, one more on every replacement. */
  generation: number;
}

/** gRPC ALREADY_EXISTS: the document a create() wanted to make is already there. */
const ALREADY_EXISTS = 6;

const lostRace = (error: unknown) => (error as { code?: unknown } | null)?.code === ALREADY_EXISTS;

function toFeedRecord(data: DocumentData | undefined): FeedRecord | null {
  if (!data || typeof data.nonce !== 'string' || typeof data.secretHash !== 'string' || typeof data.generation !== 'number') return null;
  return { nonce: data.nonce, secretHash: data.secretHash, generation: data.generation };
}

export function createCalendarRepository(db: Firestore, accounts: AccountsRepository) {
  const feeds = db.collection(CALENDAR_FEEDS_COLLECTION);
  const plants = db.collection(PLANTS_COLLECTION);
  // By path from the database, so the index test's query recorder (which wraps db.collection) sees it.
  const generationsOf = (uid: string) => db.collection(`${CALENDAR_FEEDS_COLLECTION}/${uid}/${FEED_GENERATIONS_COLLECTION}`);

  return {
    async getFeed(uid: string): Promise<FeedRecord | null> {
      return toFeedRecord((await call(feeds.doc(uid).get())).data());
    },

    /**
     * Stores a user's first feed with Firestore's "must not exist" precondition, which the local
     * stand-in enforces too (it does not isolate transactions).
     * @returns false when the user already had one (another request made it first)
     */
    async createFeed(uid: string, record: FeedRecord, now: Date): Promise<boolean> {
      try {
        await call(feeds.doc(uid).create({ ...record, createdAt: now, updatedAt: now }));
        return true;
      } catch (error) {
        if (lostRace(error)) return false;
        throw error;
      }
    },

    /**
     * Replaces a user's feed with `record` (the generation after the stored one). The batch's FIRST
     * write creates the marker of the new generation with the "must not exist" precondition: of
     * two replacements of the same generation only one commits, on real Firestore and on the
     * stand-in (which applies a batch's writes one by one and stops at the failing one).
     * @returns false when another replacement took that generation first
     */
    async replaceFeed(uid: string, record: FeedRecord, now: Date): Promise<boolean> {
      const batch = db.batch();
      batch.create(generationsOf(uid).doc(String(record.generation)), { at: now });
      batch.set(feeds.doc(uid), { ...record, updatedAt: now }, { merge: true });
      try {
        await call(batch.commit());
        return true;
      } catch (error) {
        if (lostRace(error)) return false;
        throw error;
      }
    },

    /**
     * A reset: the feed `next` makes from the stored one (null when there is none yet), stored as
     * one write of the user's account (AccountsRepository.write: the write budget, and the
     * serialisation of the account's writes, so two resets at once are made one after the other).
     */
    async rotateFeed(uid: string, next: (stored: FeedRecord | null) => FeedRecord, now: Date): Promise<FeedRecord> {
      const ref = feeds.doc(uid);
      return accounts.write(uid, now, async (transaction) => {
        const stored = toFeedRecord((await transaction.get(ref)).data());
        const record = next(stored);
        return { result: record, write: () => transaction.set(ref, { ...record, updatedAt: now, ...(stored ? {} : { createdAt: now }) }, { merge: true }) };
      });
    },

    /** The uid whose current secret has this hash, or null. */
    async findOwnerBySecretHash(secretHash: string): Promise<string | null> {
      const snapshot = await call(feeds.where('secretHash', '==', secretHash).limit(1).get());
      const doc = snapshot.docs[0];
      return doc && doc.get('secretHash') === secretHash ? doc.id : null;
    },

    /**
     * A user's plants that have a next watering date (composite index: ownerUid, nextWateringDate).
     * A cleared date is stored as '' and a missing one is absent: `> ''` leaves out both.
     */
    async listScheduledPlants(ownerUid: string): Promise<Plant[]> {
      const snapshot = await call(plants.where('ownerUid', '==', ownerUid).where('nextWateringDate', '>', '').limit(MAX_FEED_PLANTS).get());
      return snapshot.docs.map(toPlant);
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
