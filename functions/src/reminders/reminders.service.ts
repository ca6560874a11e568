import { createHash } from 'node:crypto';
import type { Auth } from 'firebase-admin/auth';
import pLimit from 'p-limit';
import { withDeadline } from '../lib/deadline';
import { log } from '../lib/log';
import { takeTokens } from '../lib/token-bucket';
import type { ReminderDelivery } from '../config/reminders';
import type { DueService } from '../due/due.service';
import { HttpError } from '../lib/http-error';
import type { TaskQueues } from '../lib/task-queue';
import type { Viewer } from '../lib/viewer';
import {
  HAND_ON_DAYS,
  daysBetween,
  hemisphereOf,
  nextDueDate,
  nextOnDuty,
  type Plant,
  type SeasonContext,
} from '../model';
import {
  TEST_DIGESTS_PER_HOUR,
  inQuietHours,
  localDate,
  localTime,
  nextDigestAt,
  type PushSubscriptionInput,
  type ReminderSettings,
  type UpdateReminderSettingsInput,
} from '../model/reminders';
import { LIST_LIMITS } from '../model/plant-list';
import { composeDigest, type DigestMessage } from './digest-message';
import {
  isP256PublicKey,
  sendEmail,
  sendPush,
  smtpUrlProblem,
  vapidKeyProblem,
  vapidPublicKey,
} from './digest-delivery';
import { isAllowedPushEndpoint } from './push-endpoints';
import type { DigestDelivery, DueDigest, RemindersRepository, StoredReminders } from './reminders.repository';

/** People whose digest has come, read a page at a time by the scheduled run. */
const DIGEST_PAGE = 500;
/** A digest not sent within this long of its hour (the stack was down, a long backlog) is skipped for that day. */
const STALE_DIGEST_MS = 2 * 60 * 60_000;
/** Tasks queued at once by one batch. */
const QUEUE_CONCURRENCY = 20;

/**
 * A digest task's name: one per person and day (a uid may hold characters a task's name may not,
 * so it is named by the uid's hash).
 */
const digestTaskId = ({ uid, day }: { uid: string; day: string }) =>
  `digest-${createHash('sha256').update(uid).digest('hex').slice(0, 32)}-${day}`;

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
  /** Why nothing more was done, when so. */
  skipped?: 'already-sent' | 'nothing-due' | 'no-channel' | 'email-unverified' | 'quiet-hours' | 'stale' | 'no-account';
}

const settingsView = (stored: StoredReminders, email: string | null, emailVerified: boolean): ReminderSettings => ({
  ...seasonContextOf(stored),
  hemisphereSet: stored.hemisphere !== null,
  time: stored.time,
  channels: stored.channels,
  quietHours: stored.quietHours,
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

/** The settings a person's change makes, or a 400 naming the field: their next digest moved with them. */
function settingsAfter(
  current: StoredReminders,
  input: UpdateReminderSettingsInput,
  email: string | null,
  now: Date,
): StoredReminders {
  const next: StoredReminders = {
    ...current,
    ...(input.timeZone !== undefined ? { timeZone: input.timeZone } : {}),
    ...(input.hemisphere !== undefined ? { hemisphere: input.hemisphere } : {}),
    ...(input.time !== undefined ? { time: input.time } : {}),
    ...(input.quietHours !== undefined ? { quietHours: input.quietHours } : {}),
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
  return { ...next, nextDigestAt: on ? nextDigestAt(now, next.time, next.timeZone, next.lastDigestDay) : null };
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
   * What a person's digest lists of the plants they may care for with a job due on or before `day`
   * (the due list's first page): in a household with a rotation, only the plants whose jobs are
   * theirs that day, and a plant of someone else's turn on the day it is HAND_ON_DAYS late, when
   * they are the next person of the rotation (`turnOf` names whose turn it was). Nothing is stored:
   * the day it is that late comes once.
   */
  async function duePlants(viewer: Viewer, day: string): Promise<{ plants: Plant[]; turnOf: Map<string, string> }> {
    const { page, rota } = await deps.due.listDueOn(viewer, { until: day, limit: LIST_LIMITS.maxPage }, day);
    const turnOf = new Map<string, string>();
    const plants = page.plants.filter((plant) => {
      const onDuty = plant.onDuty;
      if (!onDuty || onDuty.uid === viewer.uid) return true;
      const next = nextDueDate(plant);
      if (!rota || !next || daysBetween(next, day) !== HAND_ON_DAYS) return false;
      if (nextOnDuty(rota.settings, rota.people, onDuty.uid, day)?.uid !== viewer.uid) return false;
      turnOf.set(plant._id, onDuty.displayName);
      return true;
    });
    return { plants, turnOf };
  }

  const unsubscribeUrl = (uid: string, token: string | null) =>
    token
      ? `${deps.delivery().appUrl}/mango/reminders/unsubscribe?u=${encodeURIComponent(uid)}&t=${encodeURIComponent(token)}`
      : null;

  /**
   * Delivers `message` to what `pending` names: the email, and each push subscription by id. A
   * subscription the push service says is gone is deleted. @returns what was sent, and what is
   * still to deliver (a push service that asked to try again later, an SMTP server that failed)
   */
  async function deliver(
    uid: string,
    stored: StoredReminders,
    message: DigestMessage,
    pending: { push: readonly string[]; email: boolean },
    email: string | null,
  ): Promise<{ sent: DigestOutcome['sent']; left: { push: string[]; email: boolean } }> {
    const delivery = deps.delivery();
    const sent = { push: 0, email: 0 };
    const left = { push: [] as string[], email: false };
    if (pending.email && email) {
      try {
        await sendEmail(delivery, {
          to: email,
          ...message.email,
          unsubscribeUrl: unsubscribeUrl(uid, stored.unsubscribeToken),
        });
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
        const subscriptions = (await repository().listSubscriptions(uid)).filter((s) => pending.push.includes(s.id));
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
        return { ...current, testDigests: taken.bucket };
      });
      const day = localDate(now, stored.timeZone);
      const { plants, turnOf } = await duePlants(viewer, day);
      const message =
        composeDigest(
          plants,
          day,
          {
            appUrl: deps.delivery().appUrl,
            unsubscribeUrl: unsubscribeUrl(viewer.uid, stored.unsubscribeToken),
          },
          turnOf,
        ) ?? nothingDueMessage(day, deps.delivery().appUrl);
      const subscriptions = stored.channels.push ? await repository().listSubscriptions(viewer.uid) : [];
      const { sent } = await deliver(
        viewer.uid,
        stored,
        message,
        { push: subscriptions.map((s) => s.id), email: stored.channels.email && proven },
        proven ? (viewer.email ?? null) : null,
      );
      return sent;
    },

    /** The link in every email digest: turns email off, without signing in. @returns whether the link was good */
    async unsubscribe(uid: string, token: string): Promise<boolean> {
      if (!uid || !token || !(await repository().unsubscribeTokenMatches(uid, token))) return false;
      const now = clock();
      await repository().updateForServer(uid, now, (current) => {
        if (!current.channels.email) return null;
        const channels = { ...current.channels, email: false };
        const on = channels.push;
        return {
          ...current,
          channels,
          nextDigestAt: on ? nextDigestAt(now, current.time, current.timeZone, current.lastDigestDay) : null,
        };
      });
      return true;
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
        const people: DigestTask[] = page.map(({ uid, timeZone, dueAt }) => ({
          uid,
          day: localDate(dueAt, timeZone),
          dueAt: dueAt.toISOString(),
        }));
        await deps.tasks.enqueue('sendDigests', { people }, { id: `digests-${now.getTime()}-${batch}` });
        total += page.length;
        after = page.at(-1);
        if (page.length < DIGEST_PAGE) return total;
      }
    },

    /** A batch: one task per person, named by person and day, so one digest is never queued twice. */
    async queueDigests(people: readonly DigestTask[]): Promise<void> {
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
     * what is left). Rejects when a push service or the SMTP server asked to try again later, so
     * that Cloud Tasks runs it again.
     */
    async sendDigest(task: DigestTask): Promise<DigestOutcome> {
      const now = clock();
      const { uid, day } = task;
      const none = { push: 0, email: 0 };
      let stored = await repository().getSettings(uid);
      const resuming = stored.lastDigestDay === day;
      if (resuming && !(stored.delivery?.day === day)) return { sent: none, skipped: 'already-sent' };
      const account = await accountOf(uid);
      // Nothing sent now is to be sent: the day is closed without it, and the next one planned.
      const close = async (skipped: DigestOutcome['skipped']): Promise<DigestOutcome> => {
        await repository().updateForServer(uid, now, (current) =>
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
              },
        );
        return { sent: none, skipped };
      };
      if (!account) {
        await repository().updateForServer(uid, now, (current) => ({
          ...current,
          channels: { push: false, email: false },
          nextDigestAt: null,
          delivery: null,
        }));
        return { sent: none, skipped: 'no-account' };
      }
      if (!stored.channels.push && !stored.channels.email) return close('no-channel');
      // Email goes only to an address its owner has proven (an older account may have it on without).
      const emailTo = stored.channels.email && account.emailVerified ? account.email : null;
      if (!stored.channels.push && !emailTo) return close('email-unverified');
      if (now.getTime() - Date.parse(task.dueAt) > STALE_DIGEST_MS) return close('stale');
      if (inQuietHours(localTime(now, stored.timeZone), stored.quietHours)) return close('quiet-hours');
      // Before anything is claimed or sent: a retry once the settings are mended sends it whole.
      assertDeliveryWorks({ push: stored.channels.push, email: emailTo !== null });

      const viewer: Viewer = { uid, ...(account.email ? { email: account.email } : {}), name: account.name };
      const due = await duePlants(viewer, day);
      const message = composeDigest(
        due.plants,
        day,
        {
          appUrl: deps.delivery().appUrl,
          unsubscribeUrl: unsubscribeUrl(uid, stored.unsubscribeToken),
        },
        due.turnOf,
      );
      if (!message) return close('nothing-due');

      let pending: DigestDelivery;
      if (resuming) pending = stored.delivery!;
      else {
        const subscriptions = stored.channels.push ? await repository().listSubscriptions(uid) : [];
        const claim: DigestDelivery = { day, push: subscriptions.map((s) => s.id), email: emailTo !== null };
        let claimed = false;
        const after = await repository().updateForServer(uid, now, (current) => {
          if (current.lastDigestDay === day) return null;
          claimed = true;
          return {
            ...current,
            lastDigestDay: day,
            delivery: claim,
            nextDigestAt: nextDigestAt(now, current.time, current.timeZone, day),
          };
        });
        // Another run claimed the day first: it delivers.
        if (!claimed || !after) return { sent: none, skipped: 'already-sent' };
        stored = after;
        pending = claim;
      }

      const { sent, left } = await deliver(uid, stored, message, pending, emailTo);
      await repository().updateForServer(uid, now, (current) =>
        current.lastDigestDay !== day
          ? null
          : { ...current, delivery: left.push.length || left.email ? { day, ...left } : null },
      );
      if (left.push.length || left.email)
        throw new Error(
          `A digest is not delivered everywhere yet (${left.push.length} push, ${left.email ? 1 : 0} email); Cloud Tasks tries again.`,
        );
      return { sent };
    },
  };
}

/** A test digest when nothing is due: it says so, so the person sees reminders reach them. */
function nothingDueMessage(day: string, appUrl: string): DigestMessage {
  const title = 'Nothing needs care today';
  const text = `${title}. This is a test of your reminders: your daily digest will list the jobs due.\n\n${appUrl}/dashboard/today\n`;
  return {
    day,
    plants: [],
    jobCount: 0,
    title,
    push: { title, body: 'This is a test of your reminders.', url: '/dashboard/today', day, jobs: [] },
    email: {
      subject: title,
      text,
      html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif"><h1 style="font-size:20px">${title}</h1><p>This is a test of your reminders: your daily digest will list the jobs due.</p><p><a href="${appUrl}/dashboard/today">Open Today</a></p></body></html>`,
    },
  };
}

export type RemindersService = ReturnType<typeof createRemindersService>;
