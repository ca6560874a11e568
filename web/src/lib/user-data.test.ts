import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_CACHE } from '@/sw/messages';
import { mayHaveQueuedCareJobs, markQueuedCareJobs } from './queue-marker';
import { forgetOtherUsers } from './user-data';

/** The offline queue's IndexedDB store, in memory (jsdom has no IndexedDB). */
const queued = new Map<number, { id: number; uid: string; plantName: string }>();
vi.mock('idb', () => ({
  openDB: async () => ({
    count: async () => queued.size,
    transaction: () => ({
      store: { getAll: async () => [...queued.values()], delete: async (id: number) => queued.delete(id) },
      done: Promise.resolve(),
    }),
  }),
}));

/** Cache Storage holding USER_CACHE with `urls`. */
function keptAnswers(urls: string[]) {
  const kept = new Set(urls);
  const cache = {
    keys: async () => [...kept].map((url) => new Request(url)),
    delete: async (request: Request) => kept.delete(request.url),
  };
  vi.stubGlobal('caches', { has: async (name: string) => name === USER_CACHE, open: async () => cache });
  return kept;
}

const HOME = 'https://mango.test/mango?limit=8';
const ADA_STATS = 'https://mango.test/mango/stats?__as=ada';
const GRACE_DUE = 'https://mango.test/mango/due?__as=grace';

describe('forgetOtherUsers', () => {
  beforeEach(() => {
    queued.clear();
    queued.set(1, { id: 1, uid: 'ada', plantName: 'Fern' });
    queued.set(2, { id: 2, uid: 'grace', plantName: 'Basil' });
    markQueuedCareJobs(true);
  });
  afterEach(() => vi.unstubAllGlobals());

  it("the next user keeps only their own answers and care jobs queued offline, and the visitors' answers", async () => {
    const kept = keptAnswers([HOME, ADA_STATS, GRACE_DUE]);
    await forgetOtherUsers('grace');
    expect([...kept]).toEqual([HOME, GRACE_DUE]);
    expect([...queued.values()].map((job) => job.uid)).toEqual(['grace']);
    expect(mayHaveQueuedCareJobs()).toBe(true);
  });

  it('nobody signed in (Logout, a session the SDK ended): every user’s answers and jobs go, and the queue’s mark with them', async () => {
    const kept = keptAnswers([HOME, ADA_STATS, GRACE_DUE]);
    await forgetOtherUsers(null);
    expect([...kept]).toEqual([HOME]);
    expect(queued.size).toBe(0);
    expect(mayHaveQueuedCareJobs()).toBe(false);
  });

  it('ends the push subscription the one who left made, here only (their token is gone)', async () => {
    keptAnswers([]);
    const unsubscribe = vi.fn(async () => true);
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('navigator', {
      ...navigator,
      serviceWorker: {
        getRegistration: async () => ({
          pushManager: { getSubscription: async () => ({ endpoint: 'https://fcm.googleapis.com/x', unsubscribe }) },
        }),
      },
    });
    await forgetOtherUsers('grace');
    expect(unsubscribe).toHaveBeenCalledOnce();
  });

  it('leaves the queue unopened when nothing may be queued, and works where there is no Cache Storage', async () => {
    markQueuedCareJobs(false);
    await forgetOtherUsers('grace');
    expect(queued.size).toBe(2);
  });
});
