import { createHash } from 'node:crypto';
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
import { toDate } from '../lib/firestore-fields';
import {
  DEFAULT_DIGEST_TIME,
  DEFAULT_TIME_ZONE,
  MAX_PUSH_SUBSCRIPTIONS,
  canonicalTimeZone,
  type PushSubscriptionInput,
  type QuietHours,
} from '../model/reminders';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '../model/languages';
import { unsubscribeTokenHash, type UnsubscribeToken } from './unsubscribe-tokens';

/**
 * One document per person who has ever changed a reminder setting, under their uid:
 * `{ timeZone, time, channels: { push, email }, quietHours, language, nextDigestAt?, nextDigestDay?,
 * lastDigestDay?, delivery?, unsubscribeTokens, testDigests?, updatedAt }`. `nextDigestAt` is
 * present only while a channel is on: the scheduled digests find the people whose hour has come
 * with one range query on it (an automatic single-field index), never a scan of everyone.
 * `timeZone` is the zone's canonical name (model/reminders.ts, canonicalTimeZone); a name stored
 * otherwise by an earlier version is read as its canonical one.
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
  language: Language;
  nextDigestAt: Date | null;
  /**
   * The local day the planned digest is for, when that is not the local day of `nextDigestAt`: a
   * digest found inside quiet hours goes at their end, for the day it was planned for.
   */
  nextDigestDay: string | null;
  lastDigestDay: string | null;
  /** What of the last day's digest is still to be delivered (a retry sends only that). */
  delivery: DigestDelivery | null;
  /** The hashes of the tokens of the unsubscribe links sent (unsubscribe-tokens.ts). */
  unsubscribeTokens: UnsubscribeToken[];
  testDigests: TokenBucket | undefined;
}

/** The part of one day's digest not yet delivered: push subscriptions by id, and whether the email is. */
export interface DigestDelivery {
  day: string;
  push: string[];
  email: boolean;
  /**
   * The run delivering it, until when: taken in the commit that reads the delivery, before anything
   * is sent, so two runs of one task never send at once. null: nobody is delivering it.
   */
  lease: { id: string; until: Date } | null;
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
  language: DEFAULT_LANGUAGE,
  nextDigestAt: null,
  nextDigestDay: null,
  lastDigestDay: null,
  delivery: null,
  unsubscribeTokens: [],
  testDigests: undefined,
};

/** A subscription's document id: the endpoint is a URL of any length, its hash is not. */
export const subscriptionId = (endpoint: string) => createHash('sha256').update(endpoint).digest('base64url');

/** A stored time zone by its canonical name: one stored as typed, before names were made canonical, too. */
const storedTimeZone = (value: unknown): string =>
  (typeof value === 'string' ? canonicalTimeZone(value) : null) ?? DEFAULT_TIME_ZONE;

function toDelivery(value: unknown): DigestDelivery | null {
  const delivery = value as {
    day?: unknown;
    push?: unknown;
    email?: unknown;
    lease?: { id?: unknown; until?: unknown };
  };
  if (!delivery || typeof delivery.day !== 'string') return null;
  const leaseUntil = toDate(delivery.lease?.until);
  return {
    day: delivery.day,
    push: Array.isArray(delivery.push) ? delivery.push.filter((id): id is string => typeof id === 'string') : [],
    email: delivery.email === true,
    lease: leaseUntil && typeof delivery.lease?.id === 'string' ? { id: delivery.lease.id, until: leaseUntil } : null,
  };
}

/**
 * The unsubscribe tokens kept, as hashes. A plain token that an earlier version stored
 * (`unsubscribeToken`) is read as its hash, so the links of emails already sent keep working; the
 * next write of the document keeps only the hash.
 */
function toUnsubscribeTokens(data: DocumentData): UnsubscribeToken[] {
  const kept = Array.isArray(data.unsubscribeTokens) ? (data.unsubscribeTokens as unknown[]) : [];
  const tokens = kept.flatMap((entry) => {
    const { hash, issuedAt } = (entry ?? {}) as { hash?: unknown; issuedAt?: unknown };
    return typeof hash === 'string' ? [{ hash, issuedAt: toDate(issuedAt) ?? new Date(0) }] : [];
  });
  return typeof data.unsubscribeToken === 'string'
    ? [
        { hash: unsubscribeTokenHash(data.unsubscribeToken), issuedAt: toDate(data.updatedAt) ?? new Date(0) },
        ...tokens,
      ]
    : tokens;
}

function toStoredReminders(snapshot: DocumentSnapshot): StoredReminders {
  const data = snapshot.data();
  if (!data) return DEFAULT_REMINDERS;
  const quiet = data.quietHours as QuietHours | null | undefined;
  const bucket = data.testDigests as { tokens?: number; refilledAt?: Timestamp } | undefined;
  return {
    timeZone: storedTimeZone(data.timeZone),
    hemisphere: data.hemisphere === 'north' || data.hemisphere === 'south' ? data.hemisphere : null,
    time: typeof data.time === 'string' ? data.time : DEFAULT_DIGEST_TIME,
    channels: { push: data.channels?.push === true, email: data.channels?.email === true },
    quietHours: quiet && typeof quiet.from === 'string' ? { from: quiet.from, to: quiet.to } : null,
    language: isLanguage(data.language) ? data.language : DEFAULT_LANGUAGE,
    nextDigestAt: toDate(data.nextDigestAt),
    nextDigestDay: typeof data.nextDigestDay === 'string' ? data.nextDigestDay : null,
    lastDigestDay: typeof data.lastDigestDay === 'string' ? data.lastDigestDay : null,
    delivery: toDelivery(data.delivery),
    unsubscribeTokens: toUnsubscribeTokens(data),
    testDigests:
      bucket && typeof bucket.tokens === 'number' && toDate(bucket.refilledAt)
        ? { tokens: bucket.tokens, refilledAt: toDate(bucket.refilledAt)! }
        : undefined,
  };
}

function toSubscription(snapshot: DocumentSnapshot): PushSubscriptionRecord {
  const data = snapshot.data() ?? {};
  return {
    id: snapshot.id,
    endpoint: String(data.endpoint),
    keys: { p256dh: String(data.keys?.p256dh), auth: String(data.keys?.auth) },
    createdAt: toDate(data.createdAt) ?? new Date(0),
  };
}

/** The stored form of settings: every field, `nextDigestAt` only while a channel is on, never a plain token. */
function settingsData(settings: StoredReminders, now: Date): DocumentData {
  return {
    timeZone: settings.timeZone,
    hemisphere: settings.hemisphere ?? FieldValue.delete(),
    time: settings.time,
    channels: settings.channels,
    quietHours: settings.quietHours,
    language: settings.language,
    nextDigestAt: settings.nextDigestAt ?? FieldValue.delete(),
    nextDigestDay: (settings.nextDigestAt && settings.nextDigestDay) || FieldValue.delete(),
    lastDigestDay: settings.lastDigestDay ?? FieldValue.delete(),
    delivery: settings.delivery ?? FieldValue.delete(),
    unsubscribeTokens: settings.unsubscribeTokens,
    unsubscribeToken: FieldValue.delete(),
    testDigests: settings.testDigests ?? FieldValue.delete(),
    updatedAt: now,
  };
}

/** A person's settings as read, and whether and when they were written: a change on them commits only if unchanged since. */
export interface SettingsRead {
  stored: StoredReminders;
  exists: boolean;
  updateTime: Timestamp | undefined;
}

const settingsRead = (snapshot: DocumentSnapshot): SettingsRead => ({
  stored: toStoredReminders(snapshot),
  exists: snapshot.exists,
  updateTime: snapshot.updateTime,
});

/** Whose digest has come: a person and their time zone, at the time their digest was due, and the day it is for when stored. */
export interface DueDigest {
  uid: string;
  timeZone: string;
  dueAt: Date;
  day: string | null;
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
  function writeSettings(batch: WriteBatch, uid: string, read: SettingsRead, next: StoredReminders, now: Date) {
    const data = settingsData(next, now);
    if (read.exists) batch.update(settings.doc(uid), data, { lastUpdateTime: read.updateTime! });
    else
      batch.create(
        settings.doc(uid),
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
        const read = settingsRead(await settings.doc(uid).get());
        const next = decide(read.stored);
        return { result: next, write: (batch) => writeSettings(batch, uid, read, next, now) };
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
        .select('timeZone', 'nextDigestAt', 'nextDigestDay');
      if (after) query = query.startAfter(Timestamp.fromDate(after.dueAt), after.uid);
      const snapshot = await call(query.limit(limit).get());
      return snapshot.docs.map((doc) => ({
        uid: doc.id,
        timeZone: storedTimeZone(doc.get('timeZone')),
        dueAt: toDate(doc.get('nextDigestAt')) ?? now,
        day: typeof doc.get('nextDigestDay') === 'string' ? String(doc.get('nextDigestDay')) : null,
      }));
    },

    /** A person's settings as the server reads them to decide a change of its own (updateForServer's `read`). */
    async readForServer(uid: string): Promise<SettingsRead> {
      return settingsRead(await call(settings.doc(uid).get()));
    },

    /**
     * The server's change of a person's settings (a digest claimed or delivered, email turned off
     * from a mail's link): `decide` gets what is stored and returns what to store, or null to store
     * nothing; made again on what is stored now when a change of theirs lands in between. With
     * `read`, decided first on that read (readForServer), committed only if nothing changed since.
     * @returns what `decide` returned last
     */
    async updateForServer(
      uid: string,
      now: Date,
      decide: (current: StoredReminders, exists: boolean) => StoredReminders | null,
      read?: SettingsRead,
    ): Promise<StoredReminders | null> {
      for (let attempt = 1; ; attempt += 1) {
        const current = attempt === 1 && read ? read : settingsRead(await call(settings.doc(uid).get()));
        const decided = decide(current.stored, current.exists);
        if (!decided) return null;
        const batch = db.batch();
        writeSettings(batch, uid, current, decided, now);
        try {
          await batch.commit();
          return decided;
        } catch (error) {
          if (!lostRace(error) || attempt >= 5) throw error;
        }
      }
    },
  };
}

export type RemindersRepository = ReturnType<typeof createRemindersRepository>;
