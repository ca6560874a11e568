import type { DocumentData, Firestore } from 'firebase-admin/firestore';
import type { AccountsRepository } from '../accounts/accounts.repository';
import type { DueRepository } from '../due/due.repository';
import { firestoreCall as call } from '../lib/firestore-call';
import { toDate } from '../lib/firestore-fields';
import type { Plant } from '../model';

/**
 * One document per user who has asked for a calendar feed, keyed by the user's uid:
 * `{ nonce, secretHash, createdAt, updatedAt }`. The feed's secret itself is never stored (see
 * calendar.service.ts): `secretHash` finds the owner of a secret, and `nonce` lets the server
 * derive the same secret again. Browsers never read the collection (firestore.rules).
 */
export const CALENDAR_FEEDS_COLLECTION = 'calendarFeeds';
/**
 * The same for a person's link to their household's feed (the rota and the shared plants), keyed
 * by their uid: `{ householdId, membershipKey, nonce, secretHash, createdAt, updatedAt }`. Each
 * person of a household has a link of their own, bound to the membership it was made in (its
 * `shareKey`, new with every join): someone who leaves and joins again gets a new link.
 */
export const HOUSEHOLD_CALENDAR_FEEDS_COLLECTION = 'householdCalendarFeeds';

/**
 * The most plants one feed lists: a user owns at most 5,000 plants (its quota, config/limits.ts), so this only
 * bounds the read should that quota ever be lifted.
 */
const MAX_FEED_PLANTS = 5000;

/** Later than any date a plant can hold: the end of the feed's range. */
const LAST_DAY = '9999-12-31';

export interface FeedRecord {
  /** Random, base64url; the secret is derived from it with the server's key. */
  nonce: string;
  /** SHA-256 of the secret, base64url. */
  secretHash: string;
  /** A household feed's household; absent on a personal feed. */
  householdId?: string;
  /**
   * A household feed's membership: the `shareKey` of the join it was made in. Absent on a personal
   * feed, and on a household link made before links named it (bound by its time instead).
   */
  membershipKey?: string;
}

/** A stored feed, and when its current link was made (its last write), null when not known. */
export interface StoredFeed {
  record: FeedRecord;
  madeAt: Date | null;
}

function toStoredFeed(data: DocumentData | undefined): StoredFeed | null {
  if (!data || typeof data.nonce !== 'string' || typeof data.secretHash !== 'string') return null;
  return {
    record: {
      nonce: data.nonce,
      secretHash: data.secretHash,
      ...(typeof data.householdId === 'string' ? { householdId: data.householdId } : {}),
      ...(typeof data.membershipKey === 'string' ? { membershipKey: data.membershipKey } : {}),
    },
    madeAt: toDate(data.updatedAt),
  };
}

export function createCalendarRepository(db: Firestore, accounts: AccountsRepository, due: DueRepository) {
  return {
    ...feedStore(db, accounts, CALENDAR_FEEDS_COLLECTION),
    /** The links to household feeds: the same calls on their own collection. */
    household: feedStore(db, accounts, HOUSEHOLD_CALENDAR_FEEDS_COLLECTION),

    /**
     * A user's plants, and those shared with their household (`shareKeys`), with a job that has a
     * next date, watering or a care task: every plant due by the last day there is
     * (DueRepository.listScheduled), at most MAX_FEED_PLANTS.
     */
    listScheduledPlants(ownerUid: string, shareKeys: readonly string[] = []): Promise<Plant[]> {
      return due.listScheduled(ownerUid, LAST_DAY, MAX_FEED_PLANTS, shareKeys);
    },

    /** The plants shared with a household (its memberships' keys) that have a next date, at most MAX_FEED_PLANTS. */
    listSharedPlants(shareKeys: readonly string[]): Promise<Plant[]> {
      return due.listSharedScheduled(shareKeys, LAST_DAY, MAX_FEED_PLANTS);
    },
  };
}

/** Where one kind of link is kept: a person's own feed, or their link to their household's. */
export type FeedStore = ReturnType<typeof feedStore>;

/** The links of one collection of feeds, each document keyed by its person's uid. */
function feedStore(db: Firestore, accounts: AccountsRepository, collection: string) {
  const feeds = db.collection(collection);

  /** The uid whose current secret has this hash, with what its link stores, or null. */
  async function findBySecretHash(secretHash: string): Promise<({ uid: string } & StoredFeed) | null> {
    const snapshot = await call(feeds.where('secretHash', '==', secretHash).limit(1).get());
    const doc = snapshot.docs[0];
    const stored = doc && toStoredFeed(doc.data());
    return doc && stored?.record.secretHash === secretHash ? { uid: doc.id, ...stored } : null;
  }

  return {
    findBySecretHash,
    /**
     * The user's feed, made or replaced in one transaction when `decide` returns a new record for
     * what is stored (null: none yet). Two first calls at once are made one after the other, so
     * both end with the one record stored.
     */
    async ensureFeed(uid: string, now: Date, decide: (stored: StoredFeed | null) => FeedRecord | null): Promise<void> {
      const ref = feeds.doc(uid);
      await call(
        db.runTransaction(async (transaction) => {
          const snapshot = await transaction.get(ref);
          const record = decide(toStoredFeed(snapshot.data()));
          if (record)
            transaction.set(
              ref,
              { ...record, updatedAt: now, ...(snapshot.exists ? {} : { createdAt: now }) },
              { merge: true },
            );
        }),
      );
    },

    /**
     * A reset: the feed `next` makes from the stored one (null when there is none yet), stored as
     * one write of the user's account (AccountsRepository.write: the write budget, and an
     * account's writes made one after the other, so of two resets at once the later one wins).
     */
    async rotateFeed(uid: string, next: (stored: FeedRecord | null) => FeedRecord, now: Date): Promise<FeedRecord> {
      const ref = feeds.doc(uid);
      return accounts.write(uid, now, async () => {
        const stored = toStoredFeed((await ref.get()).data())?.record ?? null;
        const record = next(stored);
        return {
          result: record,
          write: (batch) =>
            batch.set(ref, { ...record, updatedAt: now, ...(stored ? {} : { createdAt: now }) }, { merge: true }),
        };
      });
    },

    /** The uid whose current secret has this hash, or null. */
    async findOwnerBySecretHash(secretHash: string): Promise<string | null> {
      return (await findBySecretHash(secretHash))?.uid ?? null;
    },
  };
}

export type CalendarRepository = ReturnType<typeof createCalendarRepository>;
