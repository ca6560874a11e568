import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  FieldPath,
  FieldValue,
  Timestamp,
  type DocumentData,
  type DocumentSnapshot,
  type Firestore,
  type WriteBatch,
} from 'firebase-admin/firestore';
import type { AccountsRepository } from '../accounts/accounts.repository';
import type { TokenBucket } from '../lib/token-bucket';
import { firestoreCall as call, lostRace } from '../lib/firestore-call';
import {
  DEFAULT_DIGEST_TIME,
  DEFAULT_TIME_ZONE,
  MAX_PUSH_SUBSCRIPTIONS,
  type PushSubscriptionInput,
  type QuietHours,
} from '../model/reminders';

/**
 * One document per person who has ever changed a reminder setting, under their uid:
 * `{ timeZone, time, channels: { push, email }, quietHours, nextDigestAt?, lastDigestDay?,
 * delivery?, unsubscribeToken, testDigests?, updatedAt }`. `nextDigestAt` is present only while a
 * channel is on: the scheduled digests find the people whose hour has come with one range query
 * on it (an automatic single-field index), never a scan of everyone.
 */
export const REMINDERS_COLLECTION = 'reminderSettings';
/** Under each person's settings: their browsers' push subscriptions, by the SHA-256 of the endpoint. */
export const PUSH_SUBSCRIPTIONS_COLLECTION = 'pushSubscriptions';

/** A person's settings as stored (defaults for someone who never changed one). */
export interface StoredReminders {
  timeZone: string;
  /** As the person set it; null: their time zone's. */
  hemisphere: 'north' | 'south' | null;
  time: string;
  channels: { push: boolean; email: boolean };
  quietHours: QuietHours | null;
  nextDigestAt: Date | null;
  lastDigestDay: string | null;
  /** What of the last day's digest is still to be delivered (a retry sends only that). */
  delivery: DigestDelivery | null;
  unsubscribeToken: string | null;
  testDigests: TokenBucket | undefined;
}

/** The part of one day's digest not yet delivered: push subscriptions by id, and whether the email is. */
export interface DigestDelivery {
  day: string;
  push: string[];
  email: boolean;
}

export interface PushSubscriptionRecord {
  id: string;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  createdAt: Date;
}

const DEFAULT_REMINDERS: StoredReminders = {
  timeZone: DEFAULT_TIME_ZONE,
  hemisphere: null,
  time: DEFAULT_DIGEST_TIME,
  channels: { push: false, email: false },
  quietHours: null,
  nextDigestAt: null,
  lastDigestDay: null,
  delivery: null,
  unsubscribeToken: null,
  testDigests: undefined,
};

/** A subscription's document id: the endpoint is a URL of any length, its hash is not. */
export const subscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

const dateOf = (value: unknown): Date | null =>
  value && typeof (value as Timestamp).toDate === 'function' ? (value as Timestamp).toDate() : null;

function toStoredReminders(snapshot: DocumentSnapshot): StoredReminders {
  const data = snapshot.data();
  if (!data) return DEFAULT_REMINDERS;
  const quiet = data.quietHours as QuietHours | null | undefined;
  const delivery = data.delivery as DigestDelivery | undefined;
  const bucket = data.testDigests as { tokens?: number; refilledAt?: Timestamp } | undefined;
  return {
    timeZone: typeof data.timeZone === 'string' ? data.timeZone : DEFAULT_TIME_ZONE,
    hemisphere: data.hemisphere === 'north' || data.hemisphere === 'south' ? data.hemisphere : null,
    time: typeof data.time === 'string' ? data.time : DEFAULT_DIGEST_TIME,
    channels: { push: data.channels?.push === true, email: data.channels?.email === true },
    quietHours: quiet && typeof quiet.from === 'string' ? { from: quiet.from, to: quiet.to } : null,
    nextDigestAt: dateOf(data.nextDigestAt),
    lastDigestDay: typeof data.lastDigestDay === 'string' ? data.lastDigestDay : null,
    delivery: delivery && typeof delivery.day === 'string' ? delivery : null,
    unsubscribeToken: typeof data.unsubscribeToken === 'string' ? data.unsubscribeToken : null,
    testDigests:
      bucket && typeof bucket.tokens === 'number' && dateOf(bucket.refilledAt)
        ? { tokens: bucket.tokens, refilledAt: dateOf(bucket.refilledAt)! }
        : undefined,
  };
}

function toSubscription(snapshot: DocumentSnapshot): PushSubscriptionRecord {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    endpoint: String(data.endpoint),
    keys: { p256dh: String(data.keys?.p256dh), auth: String(data.keys?.auth) },
    createdAt: dateOf(data.createdAt) ?? new Date(0),
  };
}

/** Settings with their unsubscribe token, made with the first settings stored: 24 random bytes. */
const withToken = (settings: StoredReminders): StoredReminders => ({
  ...settings,
  unsubscribeToken: settings.unsubscribeToken ?? randomBytes(24).toString('base64url'),
});

/** The stored form of settings: every field, `nextDigestAt` only while a channel is on. */
function settingsData(settings: StoredReminders, now: Date): DocumentData {
  return {
    timeZone: settings.timeZone,
    hemisphere: settings.hemisphere ?? FieldValue.delete(),
    time: settings.time,
    channels: settings.channels,
    quietHours: settings.quietHours,
    nextDigestAt: settings.nextDigestAt ?? FieldValue.delete(),
    lastDigestDay: settings.lastDigestDay ?? FieldValue.delete(),
    delivery: settings.delivery ?? FieldValue.delete(),
    unsubscribeToken: settings.unsubscribeToken,
    testDigests: settings.testDigests ?? FieldValue.delete(),
    updatedAt: now,
  };
}

/** Whose digest has come: a person and their time zone, at the time their digest was due. */
export interface DueDigest {
  uid: string;
  timeZone: string;
  dueAt: Date;
}

/**
 * The reminder settings and push subscriptions of each person (REMINDERS_COLLECTION; nobody else
 * reads them). A person's own changes are writes of their account (AccountsRepository.write: the
 * budget, and one commit made only if nothing it read changed); the digests' own bookkeeping is
 * the server's, in commits with the same preconditions.
 */
export function createRemindersRepository(db: Firestore, accounts: AccountsRepository) {
  const settings = db.collection(REMINDERS_COLLECTION);
  const subscriptionsOf = (uid: string) =>
    db.collection(`${REMINDERS_COLLECTION}/${uid}/${PUSH_SUBSCRIPTIONS_COLLECTION}`);

  /** The settings document written as `next` on what was read: created, or updated on its update time. */
  function writeSettings(batch: WriteBatch, snapshot: DocumentSnapshot, next: StoredReminders, now: Date) {
    const data = settingsData(next, now);
    if (snapshot.exists) batch.update(snapshot.ref, data, { lastUpdateTime: snapshot.updateTime! });
    else
      batch.create(
        snapshot.ref,
        Object.fromEntries(Object.entries(data).filter(([, value]) => !(value instanceof FieldValue))),
      );
  }

  return {
    async getSettings(uid: string): Promise<StoredReminders> {
      return toStoredReminders(await call(settings.doc(uid).get()));
    },

    /**
     * A person's change of their settings, as one write of their account: `decide` gets what is
     * stored (the defaults for someone new) and returns the settings to store, or throws to refuse.
     */
    async changeSettings(
      uid: string,
      now: Date,
      decide: (current: StoredReminders) => StoredReminders,
    ): Promise<StoredReminders> {
      return accounts.write(uid, now, async () => {
        const snapshot = await settings.doc(uid).get();
        const next = withToken(decide(toStoredReminders(snapshot)));
        return { result: next, write: (batch) => writeSettings(batch, snapshot, next, now) };
      });
    },

    /**
     * Keeps a browser's subscription (a new one, or the same endpoint with new keys), as one write
     * of the account; beyond MAX_PUSH_SUBSCRIPTIONS the oldest go in the same commit.
     */
    async addSubscription(uid: string, input: PushSubscriptionInput, now: Date): Promise<void> {
      const id = subscriptionId(input.endpoint);
      await accounts.write(uid, now, async () => {
        const existing = await subscriptionsOf(uid)
          .orderBy('createdAt', 'desc')
          .limit(MAX_PUSH_SUBSCRIPTIONS + 1)
          .get();
        const others = existing.docs.filter((doc) => doc.id !== id);
        const surplus = others.slice(MAX_PUSH_SUBSCRIPTIONS - 1);
        return {
          result: undefined,
          write: (batch) => {
            batch.set(subscriptionsOf(uid).doc(id), {
              endpoint: input.endpoint,
              keys: input.keys,
              createdAt: now,
            });
            for (const doc of surplus) batch.delete(doc.ref, { lastUpdateTime: doc.updateTime });
          },
        };
      });
    },

    /** Forgets a browser's subscription, as one write of the account. @returns whether there was one */
    async removeSubscription(uid: string, endpoint: string, now: Date): Promise<boolean> {
      const ref = subscriptionsOf(uid).doc(subscriptionId(endpoint));
      return accounts.write(uid, now, async () => {
        const snapshot = await ref.get();
        if (!snapshot.exists) return { result: false };
        return {
          result: true,
          write: (batch) => batch.delete(ref, { lastUpdateTime: snapshot.updateTime! }),
        };
      });
    },

    /** A person's subscriptions, newest first (at most MAX_PUSH_SUBSCRIPTIONS). */
    async listSubscriptions(uid: string): Promise<PushSubscriptionRecord[]> {
      const snapshot = await call(
        subscriptionsOf(uid).orderBy('createdAt', 'desc').limit(MAX_PUSH_SUBSCRIPTIONS).get(),
      );
      return snapshot.docs.map(toSubscription);
    },

    /** Deletes subscriptions the push service said are gone (404, 410): the server's own bookkeeping. */
    async deleteSubscriptions(uid: string, ids: readonly string[]): Promise<void> {
      if (!ids.length) return;
      const batch = db.batch();
      for (const id of ids) batch.delete(subscriptionsOf(uid).doc(id));
      await call(batch.commit());
    },

    /**
     * The people whose digest was due at or before `now`, earliest first, a page at a time: one
     * range query on `nextDigestAt` (only people with a channel on have one), reading the fields
     * the page needs.
     */
    async dueDigests(now: Date, limit: number, after?: { dueAt: Date; uid: string }): Promise<DueDigest[]> {
      let query = settings
        .where('nextDigestAt', '<=', now)
        .orderBy('nextDigestAt')
        .orderBy(FieldPath.documentId())
        .select('timeZone', 'nextDigestAt');
      if (after) query = query.startAfter(Timestamp.fromDate(after.dueAt), after.uid);
      const snapshot = await call(query.limit(limit).get());
      return snapshot.docs.map((doc) => ({
        uid: doc.id,
        timeZone: typeof doc.get('timeZone') === 'string' ? String(doc.get('timeZone')) : DEFAULT_TIME_ZONE,
        dueAt: dateOf(doc.get('nextDigestAt')) ?? now,
      }));
    },

    /**
     * The server's change of a person's settings (a digest claimed or delivered, email turned off
     * from a mail's link): `decide` gets what is stored and returns what to store, or null to store
     * nothing; made again on what is stored now when a change of theirs lands in between.
     * @returns what `decide` returned last
     */
    async updateForServer(
      uid: string,
      now: Date,
      decide: (current: StoredReminders, exists: boolean) => StoredReminders | null,
    ): Promise<StoredReminders | null> {
      for (let attempt = 1; ; attempt += 1) {
        const snapshot = await call(settings.doc(uid).get());
        const decided = decide(toStoredReminders(snapshot), snapshot.exists);
        if (!decided) return null;
        const next = withToken(decided);
        const batch = db.batch();
        writeSettings(batch, snapshot, next, now);
        try {
          await batch.commit();
          return next;
        } catch (error) {
          if (!lostRace(error) || attempt >= 5) throw error;
        }
      }
    },

    /** Whether `token` is the person's unsubscribe token (compared in constant time). */
    async unsubscribeTokenMatches(uid: string, token: string): Promise<boolean> {
      const stored = toStoredReminders(await call(settings.doc(uid).get())).unsubscribeToken;
      if (!stored || stored.length !== token.length) return false;
      return timingSafeEqual(Buffer.from(stored), Buffer.from(token));
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
