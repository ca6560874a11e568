import { createHash, randomUUID } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import pLimit from 'p-limit';
import { withDeadline } from '../lib/deadline';
import { log } from '../lib/log';
import { takeTokens } from '../lib/token-bucket';
import { translatorFor } from '../lib/translator';
import type { ReminderDelivery } from '../config/reminders';
import type { DueService } from '../due/due.service';
import { HttpError } from '../lib/http-error';
import type { TaskQueues } from '../lib/task-queue';
import type { Viewer } from '../lib/viewer';
import { hemisphereOf, type SeasonContext } from '../model';
import {
  TEST_DIGESTS_PER_HOUR,
  canonicalTimeZone,
  inQuietHours,
  localDate,
  localTime,
  nextDigestAt,
  quietHoursEnd,
  type PushSubscriptionInput,
  type QuietHours,
  type ReminderSettings,
  type UpdateReminderSettingsInput,
} from '../model/reminders';
import { LIST_LIMITS } from '../model/plant-list';
import { composeDigest, composeNothingDue, type DigestMessage } from './digest-message';
import {
  isP256PublicKey,
  sendEmail,
  sendPush,
  smtpUrlProblem,
  vapidKeyProblem,
  vapidPublicKey,
} from './digest-delivery';
import { isAllowedPushEndpoint } from './push-endpoints';
import type {
  DigestDelivery,
  DueDigest,
  PushSubscriptionRecord,
  RemindersRepository,
  SettingsRead,
  StoredReminders,
} from './reminders.repository';
import { isKeptUnsubscribeToken, keepUnsubscribeToken, newUnsubscribeToken } from './unsubscribe-tokens';

/** People whose digest has come, read a page at a time by the scheduled run. */
const DIGEST_PAGE = 500;
/** A digest not sent within this long of its hour (the stack was down, a long backlog) is skipped for that day. */
const STALE_DIGEST_MS = 2 * 60 * 60_000;
/** Tasks queued at once by one batch. */
const QUEUE_CONCURRENCY = 20;
/**
 * How long a run holds the delivery of a day's digest (DigestDelivery.lease). A run's sends are
 * bounded by their transports (digest-delivery.ts: an SMTP connection 10 s to open, 10 s to greet,
 * 20 s of silence; a push 10 s) and Firestore's deadline, so a run that outlives its task's 60 s
 * (the platform gives up on it, Cloud Tasks runs the task again, and the first is still sending)
 * is done well within 5 minutes. A run that finds the lease held fails, and Cloud Tasks runs it
 * again after its wait (1 minute, then 2, 4...), by when the first has recorded what it sent.
 */
const DELIVERY_LEASE_MS = 5 * 60_000;

/**
 * A digest task's name: one per person, day and planned time (a uid may hold characters a task's
 * name may not, so it is named by the uid's hash). Two runs that find a person before their digest
 * went queue it once; a digest planned again for the end of quiet hours is a task of its own.
 */
const digestTaskId = ({ uid, day, dueAt }: { uid: string; day: string; dueAt: string }) =>
  `digest-${createHash('sha256').update(uid).digest('hex').slice(0, 32)}-${day}-${Math.floor(Date.parse(dueAt) / 60_000)}`;

/**
 * Whether a uid from an unsubscribe link can name a settings document: Firebase Auth's uids are 1
 * to 128 characters, and Firestore throws for an id with a slash (`a//b`), `.`, `..` or `__x__`.
 */
const isDocumentUid = (uid: string) =>
  uid.length > 0 && uid.length <= 128 && !uid.includes('/') && uid !== '.' && uid !== '..' && !/^__.*__$/.test(uid);

/** One person's digest, as queued: who, for which of their days, due when. */
export interface DigestTask {
  uid: string;
  day: string;
  dueAt: string;
}

export interface RemindersServiceDependencies {
  repository: () => RemindersRepository;
  due: DueService;
  tasks: TaskQueues;
  delivery: () => ReminderDelivery;
  auth: () => Auth;
  clock: () => Date;
  /** The local stack: push endpoints on http://127.0.0.1 and http://localhost too (push-endpoints.ts). */
  localPushReceivers: boolean;
}

/** What one digest's delivery did. */
export interface DigestOutcome {
  /** Deliveries accepted by their channel: push services and the SMTP server. */
  sent: { push: number; email: number };
  /**
   * Why nothing more was done, when so. `quiet-hours`: found inside them, it goes at their end
   * (planned again, for the same day), or, when the next day's digest would come first, not at all.
   */
  skipped?: 'already-sent' | 'nothing-due' | 'no-channel' | 'email-unverified' | 'quiet-hours' | 'stale' | 'no-account';
}

/** What a run is to deliver of a day's digest, under its lease (takeDelivery). */
interface TakenDelivery {
  delivery: DigestDelivery;
  leaseId: string;
}

/** Why a run of a digest task fails when another run is delivering its digest: Cloud Tasks runs it again later. */
const deliveryLeased = () =>
  new Error('Another run of this digest is delivering it; Cloud Tasks tries again once its lease has passed.');

const settingsView = (stored: StoredReminders, email: string | null, emailVerified: boolean): ReminderSettings => ({
  ...seasonContextOf(stored),
  hemisphereSet: stored.hemisphere !== null,
  time: stored.time,
  channels: stored.channels,
  quietHours: stored.quietHours,
  language: stored.language,
  email,
  emailVerified,
});

/** A 409 for email digests to an address nobody has proven is theirs. */
const emailUnverified = (email: string) =>
  new HttpError(
    409,
    'email_unverified',
    `Confirm your email address first: open the link we sent to ${email}, then turn on email digests.`,
  );

/**
 * Why a delivery setting of the server cannot work, said once in the log with its fix (the task
 * then fails and is retried, with nothing sent), or null. Push needs a VAPID key that signs what
 * its public key verifies; email an SMTP address Google Cloud lets out.
 */
function deliveryProblem(delivery: ReminderDelivery, channels: { push: boolean; email: boolean }): string | null {
  return (
    (channels.push ? vapidKeyProblem(delivery.vapidPrivateKey) : null) ??
    (channels.email ? smtpUrlProblem(delivery.smtpUrl) : null)
  );
}

/** The hemisphere and time zone a person's seasons are counted in: the hemisphere as set, else the time zone's. */
const seasonContextOf = (stored: StoredReminders): SeasonContext => ({
  hemisphere: stored.hemisphere ?? hemisphereOf(stored.timeZone),
  timeZone: stored.timeZone,
});

const quietClash = (time: string, quiet: { from: string; to: string }) =>
  `The digest's time, ${time}, is inside your quiet hours (${quiet.from} to ${quiet.to}). Choose a time outside them, or change the quiet hours.`;

/**
 * The settings a person's change makes, or a 400 naming the field: their next digest moved with
 * them. A time zone is stored by its canonical name (`europe/BERLIN` as `Europe/Berlin`).
 */
function settingsAfter(
  current: StoredReminders,
  input: UpdateReminderSettingsInput,
  email: string | null,
  now: Date,
): StoredReminders {
  const next: StoredReminders = {
    ...current,
    ...(input.timeZone !== undefined ? { timeZone: canonicalTimeZone(input.timeZone) ?? input.timeZone } : {}),
    ...(input.hemisphere !== undefined ? { hemisphere: input.hemisphere } : {}),
    ...(input.time !== undefined ? { time: input.time } : {}),
    ...(input.quietHours !== undefined ? { quietHours: input.quietHours } : {}),
    ...(input.language !== undefined ? { language: input.language } : {}),
    channels: { ...current.channels, ...input.channels },
  };
  if (next.quietHours && inQuietHours(next.time, next.quietHours)) {
    const message = quietClash(next.time, next.quietHours);
    throw new HttpError(400, 'invalid_input', message, { [input.time !== undefined ? 'time' : 'quietHours']: message });
  }
  if (input.channels?.email === true && !email) {
    const message = 'Your account has no email address, so email reminders cannot be turned on.';
    throw new HttpError(400, 'invalid_input', message, { 'channels.email': message });
  }
  const on = next.channels.push || next.channels.email;
  return {
    ...next,
    nextDigestAt: on ? nextDigestAt(now, next.time, next.timeZone, next.lastDigestDay) : null,
    nextDigestDay: null,
  };
}

/**
 * Reminders: each person's settings and browsers, and the daily digest, by push and by email, at
 * their own hour in their own time zone. A scheduled run (every 15 minutes in production, every
 * minute locally) finds the people whose hour has come, queues their digests in batches, and each
 * digest is a task of its own, sent at most once a local day.
 */
export function createRemindersService(deps: RemindersServiceDependencies) {
  const { repository, clock } = deps;

  /**
   * What a person's digest lists: what is theirs to do on `day` (at most a page of the due list,
   * LIST_LIMITS.maxPage, of their own), as the due room decides it by the household's rota
   * (listTurnOn), with `turnOf` naming whose turn it was for a plant handed on to them.
   */
  async function duePlants(viewer: Viewer, day: string) {
    const list = await deps.due.listTurnOn(viewer, day, LIST_LIMITS.maxPage);
    if (list.cut)
      log.warn(
        "A digest's own plants were more than its scan reads on another person's turn: it lists those it found.",
      );
    return list;
  }

  /** The link of an email, with a token of its own (unsubscribe-tokens.ts), kept as its hash before the email goes. */
  const unsubscribeUrl = (uid: string, token: string | null) =>
    token
      ? `${deps.delivery().appUrl}/mango/reminders/unsubscribe?u=${encodeURIComponent(uid)}&t=${encodeURIComponent(token)}`
      : null;

  /**
   * Delivers `message` to what `pending` names: the email (with `unsubscribe`, its link), and each
   * push subscription by id, of `listed` (the person's subscriptions as read before; read here when
   * not). A subscription the push service says is gone is deleted. @returns what was sent, and what
   * is still to deliver (a push service that asked to try again later, an SMTP server that failed)
   */
  async function deliver(
    uid: string,
    message: DigestMessage,
    pending: { push: readonly string[]; email: boolean },
    email: string | null,
    unsubscribe: string | null,
    listed: readonly PushSubscriptionRecord[] | null,
  ): Promise<{ sent: DigestOutcome['sent']; left: { push: string[]; email: boolean } }> {
    const delivery = deps.delivery();
    const sent = { push: 0, email: 0 };
    const left = { push: [] as string[], email: false };
    if (pending.email && email) {
      try {
        await sendEmail(delivery, { to: email, ...message.email, unsubscribeUrl: unsubscribe });
        sent.email = 1;
      } catch (error) {
        // The SMTP server's error can quote the recipient: only its code goes to the log.
        log.warn('An email digest was not taken by the SMTP server; it is tried again.', {
          code: (error as { code?: unknown }).code ?? null,
          responseCode: (error as { responseCode?: unknown }).responseCode ?? null,
        });
        left.email = true;
      }
    }
    if (pending.push.length) {
      // Whatever fails here, what was delivered above is recorded before the task is tried again.
      try {
        const subscriptions = (listed ?? (await repository().listSubscriptions(uid))).filter((s) =>
          pending.push.includes(s.id),
        );
        const payload = JSON.stringify(message.push);
        const gone: string[] = [];
        await Promise.all(
          subscriptions.map(async (subscription) => {
            const outcome = await sendPush(delivery, subscription, payload);
            if (outcome === 'delivered') sent.push += 1;
            else if (outcome === 'gone') gone.push(subscription.id);
            else if (outcome === 'retry') left.push.push(subscription.id);
          }),
        );
        await repository().deleteSubscriptions(uid, gone);
      } catch (error) {
        log.warn('Push digests could not be sent; they are tried again.', {
          reason: (error as { code?: unknown }).code ?? 'unknown',
        });
        left.push = [...pending.push];
      }
    }
    return { sent, left };
  }

  /**
   * The account's address, whether it is proven, and whether the account may still be written to:
   * null for an account that is gone or disabled.
   */
  async function accountOf(
    uid: string,
  ): Promise<{ email: string | null; emailVerified: boolean; name?: string } | null> {
    try {
      const user = await deps.auth().getUser(uid);
      return user.disabled
        ? null
        : { email: user.email ?? null, emailVerified: user.emailVerified, name: user.displayName ?? undefined };
    } catch (error) {
      if ((error as { code?: string }).code === 'auth/user-not-found') return null;
      throw error;
    }
  }

  /**
   * Whether the viewer's address is proven theirs: their token says so, or (a token made before
   * they opened the link) Firebase Auth does now. Email digests go only to such an address.
   */
  async function emailProven(viewer: Viewer): Promise<boolean> {
    if (!viewer.email) return false;
    if (viewer.emailVerified) return true;
    const account = await withDeadline(
      accountOf(viewer.uid),
      undefined,
      'Your account cannot be checked right now. Please try again in a moment.',
    );
    return account !== null && account.emailVerified && account.email === viewer.email;
  }

  /** Says a delivery setting that cannot work in the log, and refuses to go on (nothing sent). */
  function assertDeliveryWorks(channels: { push: boolean; email: boolean }): void {
    const problem = deliveryProblem(deps.delivery(), channels);
    if (!problem) return;
    log.error(`Reminders cannot be sent: ${problem}`);
    throw new HttpError(
      503,
      'reminders_unavailable',
      'Reminders cannot be sent right now: the server is not set up for them. Please try again later.',
    );
  }

  /**
   * Takes the delivery of `day`'s digest for this run, in one commit on what it read (the
   * repository's precondition): the day's claim with what is to be delivered (`claim`), for the
   * first run, or what is left of it, for a retry; either with this run's lease, so that two runs
   * of one task never send at once. The email's unsubscribe token is kept, as its hash, in the same
   * commit. @returns what this run is to deliver; 'done' when nothing is left, 'leased' when
   * another run's lease has not passed
   */
  async function takeDelivery(
    uid: string,
    day: string,
    now: Date,
    claim: { push: string[]; email: boolean },
    token: string | null,
    read: SettingsRead,
  ): Promise<TakenDelivery | 'done' | 'leased'> {
    const lease = { id: randomUUID(), until: new Date(now.getTime() + DELIVERY_LEASE_MS) };
    let taken: TakenDelivery | 'done' | 'leased' = 'done';
    await repository().updateForServer(
      uid,
      now,
      (current) => {
        taken = 'done';
        if (current.lastDigestDay !== null && current.lastDigestDay > day) return null;
        const left = current.lastDigestDay === day ? current.delivery : null;
        if (current.lastDigestDay === day && left?.day !== day) return null;
        if (left?.lease && left.lease.until > now) {
          taken = 'leased';
          return null;
        }
        const delivery: DigestDelivery = left ? { ...left, lease } : { day, ...claim, lease };
        taken = { delivery, leaseId: lease.id };
        const on = current.channels.push || current.channels.email;
        return {
          ...current,
          ...(left
            ? {}
            : {
                lastDigestDay: day,
                nextDigestAt: on ? nextDigestAt(now, current.time, current.timeZone, day) : null,
                nextDigestDay: null,
              }),
          delivery,
          unsubscribeTokens:
            delivery.email && token
              ? keepUnsubscribeToken(current.unsubscribeTokens, token, now)
              : current.unsubscribeTokens,
        };
      },
      read,
    );
    return taken;
  }

  /**
   * Records what a run delivered of `day`'s digest: what is still left of it (what it took, less
   * what went or never will), its lease let go while it is still this run's. A digest that was held
   * for the end of quiet hours is then done, and the next one planned.
   */
  async function recordDelivery(
    uid: string,
    day: string,
    now: Date,
    { delivery: took, leaseId }: TakenDelivery,
    left: { push: readonly string[]; email: boolean },
  ): Promise<void> {
    const finished = (id: string) => took.push.includes(id) && !left.push.includes(id);
    await repository().updateForServer(uid, now, (current) => {
      const held = current.delivery;
      if (current.lastDigestDay !== day || held?.day !== day) return null;
      const push = held.push.filter((id) => !finished(id));
      const email = held.email && !(took.email && !left.email);
      const on = current.channels.push || current.channels.email;
      return {
        ...current,
        ...(current.nextDigestDay === day
          ? { nextDigestAt: on ? nextDigestAt(now, current.time, current.timeZone, day) : null, nextDigestDay: null }
          : {}),
        delivery:
          push.length || email ? { day, push, email, lease: held.lease?.id === leaseId ? null : held.lease } : null,
      };
    });
  }

  /**
   * Holds `day`'s digest, found inside quiet hours, until they end: planned again for then, for
   * the same day (nextDigestDay), with whatever of it is still to deliver. A time just before quiet
   * hours (21:50, quiet from 22:00) is found by the run after it, inside them: its digest goes at
   * their end, the next morning, rather than never. @returns false, holding nothing, when the next
   * day's own digest would come first
   */
  async function holdPastQuietHours(
    uid: string,
    day: string,
    now: Date,
    stored: StoredReminders,
    quiet: QuietHours,
  ): Promise<boolean> {
    const end = quietHoursEnd(now, quiet, stored.timeZone);
    if (end.getTime() >= nextDigestAt(end, stored.time, stored.timeZone, day).getTime()) return false;
    await repository().updateForServer(uid, now, (current) => {
      if (!current.channels.push && !current.channels.email) return null;
      if (current.lastDigestDay !== null && current.lastDigestDay > day) return null;
      if (current.lastDigestDay === day && current.delivery?.day !== day) return null;
      return { ...current, nextDigestAt: end, nextDigestDay: day };
    });
    return true;
  }

  return {
    /** A person's own time zone: UTC until their settings say another. */
    timeZoneOf: async (uid: string): Promise<string> => (await repository().getSettings(uid)).timeZone,

    /** Where a person's seasons are counted (seasonContextOf). */
    seasonContextOf: async (uid: string): Promise<SeasonContext> =>
      seasonContextOf(await repository().getSettings(uid)),

    /** GET /mango/reminders/settings: the defaults until the person changes one. */
    async getSettings(viewer: Viewer): Promise<ReminderSettings> {
      const [stored, proven] = await Promise.all([repository().getSettings(viewer.uid), emailProven(viewer)]);
      return settingsView(stored, viewer.email ?? null, proven);
    },

    /** PUT /mango/reminders/settings. */
    async updateSettings(viewer: Viewer, input: UpdateReminderSettingsInput): Promise<ReminderSettings> {
      const now = clock();
      const proven = await emailProven(viewer);
      if (input.channels?.email === true && viewer.email && !proven) throw emailUnverified(viewer.email);
      const stored = await repository().changeSettings(viewer.uid, now, (current) =>
        settingsAfter(current, input, viewer.email ?? null, now),
      );
      return settingsView(stored, viewer.email ?? null, proven);
    },

    /** GET /mango/reminders/push-key: the key browsers subscribe with. */
    pushKey(): { publicKey: string } {
      // A browser subscribed with the public key of a key that cannot sign would never get a push.
      assertDeliveryWorks({ push: true, email: false });
      return { publicKey: vapidPublicKey(deps.delivery().vapidPrivateKey) };
    },

    /** POST /mango/reminders/push-subscriptions: only endpoints of known push services (push-endpoints.ts). */
    async addSubscription(viewer: Viewer, input: PushSubscriptionInput): Promise<void> {
      if (!isAllowedPushEndpoint(input.endpoint, deps.localPushReceivers)) {
        const message =
          "endpoint must be an https address of a browser's push service (Google's, Mozilla's, Microsoft's or Apple's).";
        throw new HttpError(400, 'invalid_input', message, { endpoint: message });
      }
      if (!isP256PublicKey(input.keys.p256dh)) {
        const message = 'keys.p256dh must be a P-256 public key in base64url.';
        throw new HttpError(400, 'invalid_input', message, { 'keys.p256dh': message });
      }
      await repository().addSubscription(viewer.uid, input, clock());
    },

    /** DELETE /mango/reminders/push-subscriptions. @returns how many were deleted (0 or 1) */
    async removeSubscription(viewer: Viewer, endpoint: string): Promise<number> {
      return (await repository().removeSubscription(viewer.uid, endpoint, clock())) ? 1 : 0;
    },

    /**
     * POST /mango/reminders/test: a digest now, to the channels that are on (409 with none), at
     * most TEST_DIGESTS_PER_HOUR an hour (429 with Retry-After). With nothing due it says so.
     */
    async sendTest(viewer: Viewer): Promise<DigestOutcome['sent']> {
      const now = clock();
      const proven = await emailProven(viewer);
      // The email's unsubscribe link: its token kept, as its hash, in the commit that counts the test.
      const token = newUnsubscribeToken();
      const stored = await repository().changeSettings(viewer.uid, now, (current) => {
        if (!current.channels.push && !(current.channels.email && proven)) {
          if (current.channels.email && viewer.email) throw emailUnverified(viewer.email);
          throw new HttpError(
            409,
            'no_channel',
            'Turn on notifications or email first: a test goes to the reminders that are on.',
          );
        }
        assertDeliveryWorks({ push: current.channels.push, email: current.channels.email && proven });
        const taken = takeTokens(
          current.testDigests,
          now,
          { capacity: TEST_DIGESTS_PER_HOUR, refill: TEST_DIGESTS_PER_HOUR, periodMs: 60 * 60_000 },
          1,
        );
        if ('refused' in taken) {
          const wait = taken.refused.retryAfter;
          throw new HttpError(
            429,
            'rate_limited',
            `You have sent ${TEST_DIGESTS_PER_HOUR} test reminders in the last hour. Please try again in ${Math.ceil(wait / 60)} minutes.`,
            undefined,
            { 'Retry-After': String(wait) },
          );
        }
        const mails = current.channels.email && proven;
        return {
          ...current,
          testDigests: taken.bucket,
          unsubscribeTokens: mails
            ? keepUnsubscribeToken(current.unsubscribeTokens, token, now)
            : current.unsubscribeTokens,
        };
      });
      const mails = stored.channels.email && proven;
      const unsubscribe = mails ? unsubscribeUrl(viewer.uid, token) : null;
      const day = localDate(now, stored.timeZone);
      const [{ plants, turnOf }, translator] = await Promise.all([
        duePlants(viewer, day),
        translatorFor(stored.language),
      ]);
      const appUrl = deps.delivery().appUrl;
      const message =
        composeDigest(plants, day, { appUrl, unsubscribeUrl: unsubscribe }, turnOf, day, translator) ??
        composeNothingDue(day, appUrl, translator);
      const subscriptions = stored.channels.push ? await repository().listSubscriptions(viewer.uid) : [];
      const { sent } = await deliver(
        viewer.uid,
        message,
        { push: subscriptions.map((s) => s.id), email: mails },
        proven ? (viewer.email ?? null) : null,
        unsubscribe,
        subscriptions,
      );
      return sent;
    },

    /**
     * The link in every email digest, without signing in: a token of one of the person's last
     * emails turns their email off, and is used up with every other kept one (a new email, once
     * email is on again, carries a new token). Anything else, a uid that cannot name a document or
     * a token of any characters included, changes nothing. @returns whether the link was good
     */
    async unsubscribe(uid: string, token: string): Promise<boolean> {
      if (!isDocumentUid(uid) || !token || token.length > 256) return false;
      const now = clock();
      let used = false;
      await repository().updateForServer(uid, now, (current, exists) => {
        used = exists && isKeptUnsubscribeToken(current.unsubscribeTokens, token);
        if (!used) return null;
        const channels = { ...current.channels, email: false };
        return {
          ...current,
          channels,
          unsubscribeTokens: [],
          ...(channels.push
            ? {
                nextDigestAt:
                  current.nextDigestAt ?? nextDigestAt(now, current.time, current.timeZone, current.lastDigestDay),
              }
            : { nextDigestAt: null, nextDigestDay: null }),
        };
      });
      return used;
    },

    /**
     * The scheduled run: every person whose digest time has come, a page at a time, queued in
     * batches of DIGEST_PAGE (one task each, which queues their digests). @returns how many
     */
    async queueDueDigests(): Promise<number> {
      const now = clock();
      let after: DueDigest | undefined;
      let total = 0;
      for (let batch = 0; ; batch += 1) {
        const page = await repository().dueDigests(now, DIGEST_PAGE, after);
        if (!page.length) return total;
        const people: DigestTask[] = page.map(({ uid, timeZone, dueAt, day }) => ({
          uid,
          day: day ?? localDate(dueAt, timeZone),
          dueAt: dueAt.toISOString(),
        }));
        await deps.tasks.enqueue('queueBatchDigests', { people }, { id: `digests-${now.getTime()}-${batch}` });
        total += page.length;
        after = page.at(-1);
        if (page.length < DIGEST_PAGE) return total;
      }
    },

    /** A batch: one task per person, named by person and day, so one digest is never queued twice. */
    async queueBatchDigests(people: readonly DigestTask[]): Promise<void> {
      const limit = pLimit(QUEUE_CONCURRENCY);
      await Promise.all(
        people.map((person) =>
          limit(() => deps.tasks.enqueue('sendDigest', { ...person }, { id: digestTaskId(person) })),
        ),
      );
    },

    /**
     * One person's digest for one of their days: at most once a day whatever retries happen (the
     * day is claimed before anything is sent, with what is to be delivered; a retry delivers only
     * what is left), and never by two runs at once (each takes the delivery's lease first). Found
     * inside quiet hours, it goes at their end. Rejects when a push service or the SMTP server asked
     * to try again later, or another run holds the lease, so that Cloud Tasks runs it again.
     */
    async sendDigest(task: DigestTask): Promise<DigestOutcome> {
      const now = clock();
      const { uid, day } = task;
      const none = { push: 0, email: 0 };
      // Nothing sent now is to be sent: the day is closed without it, and the next one planned.
      const close = async (skipped: DigestOutcome['skipped']): Promise<DigestOutcome> => {
        await repository().updateForServer(
          uid,
          now,
          (current) =>
            current.lastDigestDay !== null && current.lastDigestDay > day
              ? null
              : {
                  ...current,
                  lastDigestDay: day,
                  delivery: null,
                  nextDigestAt:
                    current.channels.push || current.channels.email
                      ? nextDigestAt(now, current.time, current.timeZone, day)
                      : null,
                  nextDigestDay: null,
                },
          read,
        );
        return { sent: none, skipped };
      };
      // Read once: the claim, or the day's close, commits on this read unless it changed meanwhile.
      const read = await repository().readForServer(uid);
      const { stored } = read;
      const resuming = stored.lastDigestDay === day;
      // Delivered already; a digest still planned for it (held past quiet hours) gives way to the next.
      if (resuming && !(stored.delivery?.day === day))
        return stored.nextDigestDay === day ? close('already-sent') : { sent: none, skipped: 'already-sent' };
      if (resuming && stored.delivery!.lease && stored.delivery!.lease.until > now) throw deliveryLeased();
      const account = await accountOf(uid);
      if (!account) {
        await repository().updateForServer(uid, now, (current) => ({
          ...current,
          channels: { push: false, email: false },
          nextDigestAt: null,
          nextDigestDay: null,
          delivery: null,
        }));
        return { sent: none, skipped: 'no-account' };
      }
      if (!stored.channels.push && !stored.channels.email) return close('no-channel');
      // Email goes only to an address its owner has proven (an older account may have it on without).
      const emailTo = stored.channels.email && account.emailVerified ? account.email : null;
      if (!stored.channels.push && !emailTo) return close('email-unverified');
      if (now.getTime() - Date.parse(task.dueAt) > STALE_DIGEST_MS) return close('stale');
      if (stored.quietHours && inQuietHours(localTime(now, stored.timeZone), stored.quietHours)) {
        const held = await holdPastQuietHours(uid, day, now, stored, stored.quietHours);
        return held ? { sent: none, skipped: 'quiet-hours' } : close('quiet-hours');
      }
      // Before anything is claimed or sent: a retry once the settings are mended sends it whole.
      assertDeliveryWorks({ push: stored.channels.push, email: emailTo !== null });

      const viewer: Viewer = { uid, ...(account.email ? { email: account.email } : {}), name: account.name };
      const token = emailTo ? newUnsubscribeToken() : null;
      const unsubscribe = unsubscribeUrl(uid, token);
      const [due, translator] = await Promise.all([duePlants(viewer, day), translatorFor(stored.language)]);
      const message = composeDigest(
        due.plants,
        day,
        { appUrl: deps.delivery().appUrl, unsubscribeUrl: unsubscribe },
        due.turnOf,
        localDate(now, stored.timeZone),
        translator,
      );
      if (!message) return close('nothing-due');

      // Read once: a first run claims and sends to these; a retry reads what is left of its claim.
      const subscriptions = !resuming && stored.channels.push ? await repository().listSubscriptions(uid) : null;
      const claim = { push: (subscriptions ?? []).map((s) => s.id), email: emailTo !== null };
      const taken = await takeDelivery(uid, day, now, claim, token, read);
      if (taken === 'leased') throw deliveryLeased();
      if (taken === 'done') return { sent: none, skipped: 'already-sent' };

      const { sent, left } = await deliver(uid, message, taken.delivery, emailTo, unsubscribe, subscriptions);
      await recordDelivery(uid, day, now, taken, left);
      if (left.push.length || left.email)
        throw new Error(
          `A digest is not delivered everywhere yet (${left.push.length} push, ${left.email ? 1 : 0} email); Cloud Tasks tries again.`,
        );
      return { sent };
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
