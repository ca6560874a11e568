import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import type { Auth } from 'firebase-admin/auth';
import type { DueService } from '../due/due.service';
import type { Plant } from '../model';
import type {
  PushSubscriptionRecord,
  RemindersRepository,
  SettingsRead,
  StoredReminders,
} from './reminders.repository';
import { createRemindersService } from './reminders.service';

const now = new Date('2027-09-06T08:00:30.000Z');
const day = '2027-09-06';

/**
 * A person with push digests on, one browser and one plant due, on a repository that counts the
 * documents each call would read from Firestore.
 */
function oneDigest() {
  let stored: StoredReminders = {
    timeZone: 'UTC',
    hemisphere: null,
    time: '08:00',
    channels: { push: true, email: false },
    quietHours: null,
    language: 'en',
    nextDigestAt: new Date('2027-09-06T08:00:00.000Z'),
    nextDigestDay: null,
    lastDigestDay: null,
    delivery: null,
    unsubscribeTokens: [],
    testDigests: undefined,
  };
  // Keys nothing can be encrypted for: the push is refused before anything is posted.
  const browser: PushSubscriptionRecord = {
    id: 'browser-1',
    endpoint: 'http://127.0.0.1:9/never',
    keys: { p256dh: 'AAAA', auth: 'AAAA' },
    createdAt: new Date('2027-01-01T00:00:00.000Z'),
  };
  const reads = { settings: 0, subscriptionLists: 0 };
  const readSettings = () => {
    reads.settings += 1;
    return stored;
  };
  const repository = {
    getSettings: async () => readSettings(),
    readForServer: async (): Promise<SettingsRead> => ({ stored: readSettings(), exists: true, updateTime: undefined }),
    async updateForServer(
      _uid: string,
      _now: Date,
      decide: (current: StoredReminders, exists: boolean) => StoredReminders | null,
      read?: SettingsRead,
    ) {
      const decided = decide(read ? read.stored : readSettings(), true);
      if (decided) stored = decided;
      return decided;
    },
    async listSubscriptions() {
      reads.subscriptionLists += 1;
      return [browser];
    },
    deleteSubscriptions: async () => undefined,
  } as unknown as RemindersRepository;
  const plant = { _id: 'p1', plantName: 'Fern', nextWateringDate: day } as unknown as Plant;
  const due = {
    listTurnOn: async () => ({ plants: [plant], turnOf: new Map(), cut: false }),
  } as unknown as DueService;
  const service = createRemindersService({
    repository: () => repository,
    due,
    tasks: { enqueue: async () => 'queued' },
    delivery: () => ({
      vapidPrivateKey: webpush.generateVAPIDKeys().privateKey,
      smtpUrl: 'smtp://127.0.0.1:1025',
      appUrl: 'https://mango.example',
      mailFrom: 'Tests <from@example.com>',
    }),
    auth: () =>
      ({
        getUser: async () => ({ disabled: false, email: 'a@example.com', emailVerified: true, displayName: 'A' }),
      }) as unknown as Auth,
    clock: () => now,
    localPushReceivers: false,
  });
  return { service, reads, stored: () => stored };
}

describe('sendDigest', () => {
  it('reads the settings twice (the claim commits on the first read) and the subscriptions once', async () => {
    const { service, reads, stored } = oneDigest();
    const outcome = await service.sendDigest({ uid: 'u1', day, dueAt: '2027-09-06T08:00:00.000Z' });
    expect(outcome).toEqual({ sent: { push: 0, email: 0 } });
    // The day is claimed and closed: nothing is left to deliver, the next digest is planned.
    expect(stored()).toMatchObject({ lastDigestDay: day, delivery: null });
    expect(stored().nextDigestAt?.toISOString()).toBe('2027-09-07T08:00:00.000Z');
    // The first read, then the delivery's record; the browsers listed for the claim are those sent to.
    expect(reads).toEqual({ settings: 2, subscriptionLists: 1 });
  });
});
