import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doCareJob } from '@/features/care/api/do-care-job';
import { ApiError, NETWORK_MESSAGE } from '@/lib/api-client';
import { mayHaveQueuedCareJobs } from '@/lib/queue-marker';
import { toast } from '@/lib/toast';
import { queueCareJob, sendQueuedCareJobs, type QueuedCareJob } from './offline-care-jobs';

/** The offline queue's IndexedDB store, in memory (jsdom has no IndexedDB), in the order added. */
const store = new Map<number, QueuedCareJob>();
let nextId = 1;
vi.mock('idb', () => ({
  openDB: async () => ({
    add: async (_store: string, job: QueuedCareJob) => store.set(nextId, { ...job, id: nextId++ }),
    count: async () => store.size,
    getAll: async () => [...store.values()],
    delete: async (_store: string, id: number) => store.delete(id),
  }),
}));
vi.mock('@/features/care/api/do-care-job', () => ({ doCareJob: vi.fn() }));
vi.mock('@/lib/auth', () => ({ whenAuthReady: async () => ({ uid: 'ada' }) }));
vi.mock('@/lib/toast');

const tap = (plantName: string, job: QueuedCareJob['job'], jobId: string): QueuedCareJob => ({
  uid: 'ada',
  plantId: plantName.toLowerCase(),
  plantName,
  job,
  date: '2026-03-10',
  jobId,
});
const unanswered = () => new ApiError(0, 'network', NETWORK_MESSAGE);
const sentIds = () => vi.mocked(doCareJob).mock.calls.map((call) => call[3]);

describe('sendQueuedCareJobs', () => {
  beforeEach(async () => {
    store.clear();
    vi.mocked(doCareJob).mockReset();
    vi.mocked(toast.success).mockReset();
    vi.mocked(toast.error).mockReset();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    await queueCareJob(tap('Fern', 'water', 'job-fern-1'));
    await queueCareJob(tap('Basil', 'fertilize', 'job-basil-1'));
  });
  afterEach(() => {
    vi.useRealTimers();
    localStorage.clear();
  });

  it('sends every job in the order tapped, each with its task and id, and empties the queue', async () => {
    vi.mocked(doCareJob).mockResolvedValue({} as never);
    await sendQueuedCareJobs();
    expect(vi.mocked(doCareJob).mock.calls).toEqual([
      ['fern', 'water', '2026-03-10', 'job-fern-1'],
      ['basil', 'fertilize', '2026-03-10', 'job-basil-1'],
    ]);
    expect(toast.success).toHaveBeenCalledWith('Watered Fern: recorded now that you are back online');
    expect(toast.success).toHaveBeenCalledWith('Fertilized Basil: recorded now that you are back online');
    expect(store.size).toBe(0);
    expect(mayHaveQueuedCareJobs()).toBe(false);
  });

  it('keeps the rest in order when a request gets no answer, and tries again by itself, with the same ids', async () => {
    vi.mocked(doCareJob).mockRejectedValueOnce(unanswered()).mockRejectedValueOnce(unanswered());
    await sendQueuedCareJobs();
    expect(sentIds()).toEqual(['job-fern-1']);
    expect([...store.values()].map((job) => job.jobId)).toEqual(['job-fern-1', 'job-basil-1']);
    expect(mayHaveQueuedCareJobs()).toBe(true);

    // The network still lies at the first retry, then lets requests through.
    await vi.advanceTimersByTimeAsync(1_000);
    expect(sentIds()).toEqual(['job-fern-1', 'job-fern-1']);
    vi.mocked(doCareJob).mockResolvedValue({} as never);
    await vi.advanceTimersByTimeAsync(1_999);
    expect(sentIds()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(store.size).toBe(0));
    expect(sentIds()).toEqual(['job-fern-1', 'job-fern-1', 'job-fern-1', 'job-basil-1']);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('a request made sooner than the retry (any answer of the app) sends the queue at once, and the retry then finds nothing', async () => {
    vi.mocked(doCareJob).mockRejectedValueOnce(unanswered());
    await sendQueuedCareJobs();
    vi.mocked(doCareJob).mockResolvedValue({} as never);
    await sendQueuedCareJobs();
    expect(store.size).toBe(0);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sentIds()).toEqual(['job-fern-1', 'job-fern-1', 'job-basil-1']);
  });

  it('a job queued while the browser says online (its request got no answer) is tried again by itself', async () => {
    vi.mocked(doCareJob).mockResolvedValue({} as never);
    await vi.advanceTimersByTimeAsync(999);
    expect(doCareJob).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(store.size).toBe(0));
    expect(sentIds()).toEqual(['job-fern-1', 'job-basil-1']);
  });

  it('drops a job the server refuses, with its sentence, and sends the next; an HTTP error it may take back waits', async () => {
    vi.mocked(doCareJob)
      .mockRejectedValueOnce(new ApiError(409, 'watered_later', 'This plant was last watered on 2026-03-11.'))
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'The server is busy right now.'));
    await sendQueuedCareJobs();
    expect(toast.error).toHaveBeenCalledWith(
      'Fern was not marked as watered: This plant was last watered on 2026-03-11.',
    );
    expect([...store.values()].map((job) => job.jobId)).toEqual(['job-basil-1']);
    vi.mocked(doCareJob).mockResolvedValue({} as never);
    await vi.advanceTimersByTimeAsync(15_000);
    await vi.waitFor(() => expect(store.size).toBe(0));
  });
});
