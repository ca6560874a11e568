import { describe, expect, it, vi } from 'vitest';
import type { Plant } from '../model';
import type { Membership } from '../access/household-access';
import type { CalendarRepository, FeedRecord, StoredFeed } from './calendar.repository';
import {
  createCalendarService,
  deriveFeedSecret,
  hashFeedSecret,
  isWellFormedFeedSecret,
  madeInMembership,
} from './calendar.service';

vi.mock('firebase-functions/logger', () => ({ logger: { error: vi.fn() } }));

const KEY = 'k'.repeat(40);
const NOW = new Date('2026-05-20T12:00:00.000Z');
const alice = { uid: 'alice', email: 'alice@example.test' };

/**
 * A repository over a Map whose changes are made one after the other, as Firestore's transactions
 * make them: each reads what the one before stored. Every call yields first, so calls started
 * together interleave the way concurrent requests do.
 */
function fakeRepository(plants: Record<string, Plant[]> = {}) {
  let serial: Promise<unknown> = Promise.resolve();
  const tick = () => new Promise((resolve) => setTimeout(resolve, 0));
  const inTurn = <T>(change: () => T): Promise<T> => {
    const turn = serial.then(async () => {
      await tick();
      return change();
    });
    serial = turn;
    return turn;
  };
  /** `feeds` holds each uid's record; when each was written is kept beside it, as `updatedAt` is. */
  const store = (feeds: Map<string, FeedRecord>) => {
    const madeAt = new Map<string, Date>();
    const storedOf = (uid: string) => {
      const record = feeds.get(uid);
      return record ? { record, madeAt: madeAt.get(uid) ?? null } : null;
    };
    const findBySecretHash = async (hash: string) => {
      const found = [...feeds].find(([, feed]) => feed.secretHash === hash);
      return found ? { uid: found[0], ...storedOf(found[0])! } : null;
    };
    return {
      ensureFeed: (uid: string, now: Date, decide: (stored: StoredFeed | null) => FeedRecord | null) =>
        inTurn(() => {
          const record = decide(storedOf(uid));
          if (record) {
            feeds.set(uid, { ...record });
            madeAt.set(uid, now);
          }
        }),
      // The real one is a write of the account, in its transaction.
      rotateFeed: (uid: string, next: (stored: FeedRecord | null) => FeedRecord, now: Date): Promise<FeedRecord> =>
        inTurn(() => {
          const record = next(feeds.get(uid) ?? null);
          feeds.set(uid, { ...record });
          madeAt.set(uid, now);
          return record;
        }),
      findBySecretHash,
      findOwnerBySecretHash: async (hash: string) => (await findBySecretHash(hash))?.uid ?? null,
    };
  };
  const feeds = new Map<string, FeedRecord>();
  const householdFeeds = new Map<string, FeedRecord>();
  const repository = {
    ...store(feeds),
    household: store(householdFeeds),
    listScheduledPlants: async (uid: string) => plants[uid] ?? [],
    listSharedPlants: async () => [],
  } satisfies CalendarRepository;
  return { repository, feeds, householdFeeds };
}

function serviceWith(repository: CalendarRepository, key = KEY) {
  return createCalendarService(() => repository, { clock: () => NOW, feedKey: () => key });
}

const statusOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 200,
    (error: { status?: number }) => error.status,
  );

describe('the calendar service', () => {
  it('makes a 256-bit URL-safe secret on the first call, stores only its hash, and gives the same one after', async () => {
    const { repository, feeds } = fakeRepository();
    const service = serviceWith(repository);
    const secret = await service.getFeedSecret(alice);
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(secret, 'base64url')).toHaveLength(32);
    const stored = feeds.get('alice')!;
    expect(stored).toEqual({ nonce: expect.any(String), secretHash: hashFeedSecret(secret) });
    expect(JSON.stringify(stored)).not.toContain(secret);
    expect(Buffer.from(stored.nonce, 'base64url')).toHaveLength(32);
    expect(await service.getFeedSecret(alice)).toBe(secret);
    // Another user gets another secret.
    expect(await service.getFeedSecret({ uid: 'bob' })).not.toBe(secret);
  });

  it('gives two first calls at once the one secret that was stored', async () => {
    const { repository } = fakeRepository();
    const service = serviceWith(repository);
    const [first, second] = await Promise.all([service.getFeedSecret(alice), service.getFeedSecret(alice)]);
    expect(second).toBe(first);
    expect(await service.getFeedSecret(alice)).toBe(first);
  });

  it('rotation gives a new secret and the old one stops opening the feed', async () => {
    const fern = {
      _id: 'p1',
      plantName: 'Fern',
      nextWateringDate: '2026-05-21',
      updatedAt: NOW.toISOString(),
    } as Plant;
    const { repository } = fakeRepository({ alice: [fern] });
    const service = serviceWith(repository);
    const old = await service.getFeedSecret(alice);
    expect(await service.renderFeed(old, 'https://site.test')).toContain('SUMMARY:Water Fern');
    const rotated = await service.rotateFeedSecret(alice);
    expect(rotated).not.toBe(old);
    expect(await service.getFeedSecret(alice)).toBe(rotated);
    await expect(service.renderFeed(old, 'https://site.test')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
    expect(await service.renderFeed(rotated, 'https://site.test')).toContain('SUMMARY:Water Fern');
  });

  it("speaks its owner's language, read once per feed", async () => {
    const fern = {
      _id: 'p1',
      plantName: 'Fern',
      nextWateringDate: '2026-05-21',
      updatedAt: NOW.toISOString(),
    } as Plant;
    const { repository } = fakeRepository({ alice: [fern] });
    const languageOf = vi.fn(async (uid: string) => (uid === 'alice' ? ('fr' as const) : ('en' as const)));
    const service = createCalendarService(() => repository, { clock: () => NOW, feedKey: () => KEY, languageOf });
    const feed = await service.renderFeed(await service.getFeedSecret(alice), 'https://site.test');
    expect(feed).toContain('SUMMARY:Arroser Fern');
    expect(languageOf.mock.calls).toEqual([['alice']]);
  });

  it('two rotations at once are made one after the other: the later one is the link that works', async () => {
    const { repository, feeds } = fakeRepository();
    const service = serviceWith(repository);
    const old = await service.getFeedSecret(alice);
    const [first, second] = await Promise.all([service.rotateFeedSecret(alice), service.rotateFeedSecret(alice)]);
    expect(new Set([old, first, second]).size).toBe(3);
    expect(feeds.get('alice')!.secretHash).toBe(hashFeedSecret(second));
    for (const gone of [old, first]) expect(await statusOf(service.renderFeed(gone, 'https://site.test'))).toBe(404);
  });

  it('rotation before any link was asked for makes the first one', async () => {
    const { repository } = fakeRepository();
    const service = serviceWith(repository);
    const secret = await service.rotateFeedSecret(alice);
    expect(await service.getFeedSecret(alice)).toBe(secret);
  });

  it('a changed server key gives a new link and retires the old one', async () => {
    const { repository } = fakeRepository();
    const old = await serviceWith(repository).getFeedSecret(alice);
    const service = serviceWith(repository, 'n'.repeat(40));
    const renewed = await service.getFeedSecret(alice);
    expect(renewed).not.toBe(old);
    expect(await service.getFeedSecret(alice)).toBe(renewed);
    expect(await statusOf(service.renderFeed(old, 'https://site.test'))).toBe(404);
  });

  it('answers 503 without a usable key, and stores nothing', async () => {
    const { repository, feeds } = fakeRepository();
    for (const key of ['', 'short']) {
      await expect(serviceWith(repository, key).getFeedSecret(alice)).rejects.toMatchObject({
        status: 503,
        code: 'unavailable',
      });
      await expect(serviceWith(repository, key).rotateFeedSecret(alice)).rejects.toMatchObject({ status: 503 });
    }
    expect(feeds.size).toBe(0);
  });

  it('refuses a malformed secret with 400 and an unknown one with 404, the same for every unknown secret', async () => {
    const { repository } = fakeRepository();
    const service = serviceWith(repository);
    for (const bad of [
      '',
      'rotate',
      'a'.repeat(42),
      'a'.repeat(44),
      `${'a'.repeat(42)}=`,
      `${'a'.repeat(42)}.`,
      '../../etc/passwd',
    ]) {
      await expect(service.renderFeed(bad, 'https://site.test')).rejects.toMatchObject({
        status: 400,
        code: 'invalid_calendar_link',
      });
    }
    const unknown = deriveFeedSecret(KEY, 'nobody', 'nonce');
    expect(isWellFormedFeedSecret(unknown)).toBe(true);
    await expect(service.renderFeed(unknown, 'https://site.test')).rejects.toMatchObject({
      status: 404,
      code: 'not_found',
    });
  });
});

describe('household links', () => {
  const JOINED = new Date('2026-05-01T09:00:00.000Z');
  const membershipOf = (shareKey: string, joinedAt = JOINED, householdId = 'h1'): Membership => ({
    uid: 'alice',
    householdId,
    role: 'member',
    until: null,
    displayName: 'Alice',
    shareKey,
    householdShareKeys: [shareKey],
    joinedAt,
  });
  /** The service with alice's membership as `current()` says it is now. */
  function householdService(current: () => Membership | null) {
    const fake = fakeRepository();
    const service = createCalendarService(() => fake.repository, {
      clock: () => NOW,
      feedKey: () => KEY,
      membershipOf: async () => current(),
      dutyOf: async () => ({
        settings: { mode: 'everyone', rotation: [], period: 'week', startsOn: '2026-05-01', away: [] },
        people: [],
      }),
    });
    return { ...fake, service };
  }
  const feedOf = (secret: string) => `${secret}.ics`;

  it('binds a link to the join it was made in: after leaving and joining again it answers 404, and a new one is made', async () => {
    let membership: Membership | null = membershipOf('first-join');
    const { service, householdFeeds } = householdService(() => membership);
    const first = await service.getHouseholdFeedSecret(alice);
    expect(householdFeeds.get('alice')).toMatchObject({ householdId: 'h1', membershipKey: 'first-join' });
    expect(await service.renderHouseholdFeed(feedOf(first), 'https://site.test')).toContain('BEGIN:VCALENDAR');
    expect(await service.getHouseholdFeedSecret(alice)).toBe(first);

    membership = null;
    expect(await statusOf(service.renderHouseholdFeed(feedOf(first), 'https://site.test'))).toBe(404);
    // The same household again, with the new key its new join made.
    membership = membershipOf('second-join', new Date('2026-05-10T09:00:00.000Z'));
    expect(await statusOf(service.renderHouseholdFeed(feedOf(first), 'https://site.test'))).toBe(404);
    const second = await service.getHouseholdFeedSecret(alice);
    expect(second).not.toBe(first);
    expect(householdFeeds.get('alice')).toMatchObject({ membershipKey: 'second-join' });
    expect(await statusOf(service.renderHouseholdFeed(feedOf(second), 'https://site.test'))).toBe(200);
    expect(await statusOf(service.renderHouseholdFeed(feedOf(first), 'https://site.test'))).toBe(404);
  });

  it("speaks the language of the link's person, read once per feed", async () => {
    const fake = fakeRepository();
    const languageOf = vi.fn(async () => 'de' as const);
    const service = createCalendarService(() => fake.repository, {
      clock: () => NOW,
      feedKey: () => KEY,
      membershipOf: async () => membershipOf('only-join'),
      dutyOf: async () => ({
        settings: { mode: 'everyone', rotation: [], period: 'week', startsOn: '2026-05-01', away: [] },
        people: [],
      }),
      languageOf,
    });
    const feed = await service.renderHouseholdFeed(
      feedOf(await service.getHouseholdFeedSecret(alice)),
      'https://site.test',
    );
    expect(feed).toContain('X-WR-CALNAME:Mango Grove Tracker: Dienstplan des Haushalts');
    expect(languageOf.mock.calls).toEqual([['alice']]);
  });

  it('keeps a link made before links named their join while it was made since the join, and names it on the next visit', async () => {
    const { service, householdFeeds } = householdService(() => membershipOf('only-join'));
    const secret = await service.getHouseholdFeedSecret(alice);
    const { membershipKey: _key, ...legacy } = householdFeeds.get('alice')!;
    householdFeeds.set('alice', legacy);
    expect(await statusOf(service.renderHouseholdFeed(feedOf(secret), 'https://site.test'))).toBe(200);
    expect(await service.getHouseholdFeedSecret(alice)).toBe(secret);
    expect(householdFeeds.get('alice')).toEqual({ ...legacy, membershipKey: 'only-join' });
  });

  it('tells a join from an earlier one by the key a link names, else by when it was made', () => {
    const record = { nonce: 'n', secretHash: 'h', householdId: 'h1' };
    const now = membershipOf('k2', JOINED);
    expect(madeInMembership({ record: { ...record, membershipKey: 'k2' }, madeAt: null }, now)).toBe(true);
    expect(madeInMembership({ record: { ...record, membershipKey: 'k1' }, madeAt: NOW }, now)).toBe(false);
    expect(madeInMembership({ record, madeAt: JOINED }, now)).toBe(true);
    expect(madeInMembership({ record, madeAt: new Date(JOINED.getTime() - 1) }, now)).toBe(false);
    expect(madeInMembership({ record, madeAt: null }, now)).toBe(false);
    expect(madeInMembership({ record: { ...record, householdId: 'h2', membershipKey: 'k2' }, madeAt: NOW }, now)).toBe(
      false,
    );
  });
});
