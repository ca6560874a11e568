import { describe, expect, it, vi } from 'vitest';
import type { Plant } from '../model';
import type { CalendarRepository, FeedRecord } from './calendar.repository';
import { createCalendarService, deriveFeedSecret, hashFeedSecret, isWellFormedFeedSecret } from './calendar.service';

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
  const store = (feeds: Map<string, FeedRecord>) => {
    const findBySecretHash = async (hash: string) => {
      const found = [...feeds].find(([, feed]) => feed.secretHash === hash);
      return found ? { uid: found[0], record: found[1] } : null;
    };
    return {
      ensureFeed: (uid: string, _now: Date, decide: (stored: FeedRecord | null) => FeedRecord | null) =>
        inTurn(() => {
          const record = decide(feeds.get(uid) ?? null);
          if (record) feeds.set(uid, { ...record });
        }),
      // The real one is a write of the account, in its transaction.
      rotateFeed: (uid: string, next: (stored: FeedRecord | null) => FeedRecord): Promise<FeedRecord> =>
        inTurn(() => {
          const record = next(feeds.get(uid) ?? null);
          feeds.set(uid, { ...record });
          return record;
        }),
      findBySecretHash,
      findOwnerBySecretHash: async (hash: string) => (await findBySecretHash(hash))?.uid ?? null,
    };
  };
  const feeds = new Map<string, FeedRecord>();
  const repository = {
    ...store(feeds),
    household: store(new Map()),
    listScheduledPlants: async (uid: string) => plants[uid] ?? [],
    listSharedPlants: async () => [],
  } satisfies CalendarRepository;
  return { repository, feeds };
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
