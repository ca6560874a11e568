import type { Plant } from '@model';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_MESSAGE } from '@/lib/api-client';
import { mayHaveQueuedCareJobs } from '@/lib/queue-marker';
import { toast } from '@/lib/toast';
import { forgetDatabases, rowsOf } from '@/test/indexed-db';
import { checkCareJob } from '../api/check-care-job';
import { doCareJob } from '../api/do-care-job';
import { doCareJobs } from '../api/do-care-jobs';
import { snoozeCareJob } from '../api/snooze-care-job';
import { sendQueuedCareJobs } from '../lib/offline-care-jobs';
import { useCareJobs } from './use-care-jobs';

// Care offline, through the one offline queue (lib/offline-queue.ts, here in memory) and its replay
// (lib/offline-care-jobs.ts), both real: only the requests are stand-ins.

vi.mock('../api/do-care-job', () => ({ doCareJob: vi.fn() }));
vi.mock('../api/do-care-jobs', () => ({ doCareJobs: vi.fn() }));
vi.mock('../api/snooze-care-job', () => ({ snoozeCareJob: vi.fn() }));
vi.mock('../api/check-care-job', () => ({ checkCareJob: vi.fn() }));
vi.mock('@/lib/auth', async (importActual) => ({
  ...(await importActual<typeof import('@/lib/auth')>()),
  getAuthState: () => ({ user: { uid: 'ada' } }),
  whenAuthReady: async () => ({ uid: 'ada' }),
}));
vi.mock('@/lib/toast');

const fern = { _id: 'p1', plantName: 'Boston Fern' };
const basil = { _id: 'p2', plantName: 'Basil' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

function renderFlow() {
  let hook: { current: ReturnType<typeof useCareJobs> } | undefined;
  function Probe() {
    const flow = useCareJobs({ onChange: vi.fn() });
    hook ??= { current: flow };
    hook.current = flow;
    return null;
  }
  render(<RouterProvider router={createMemoryRouter([{ path: '/', element: <Probe /> }])} />);
  return hook!;
}

let online = true;
const sent = () => vi.mocked(doCareJob).mock.calls;

beforeEach(async () => {
  await forgetDatabases();
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
  vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
  vi.setSystemTime(new Date(2026, 2, 10, 22, 0));
  for (const mock of [doCareJob, doCareJobs, snoozeCareJob, checkCareJob, toast.success, toast.error, toast.info])
    vi.mocked(mock).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Do all due offline', () => {
  it('queues each job with an id of its own, says so once, and each is recorded once when the network is back', async () => {
    const flow = renderFlow();
    online = false;
    await act(() =>
      flow.current.doAll([
        { plant: fern, job: 'water' },
        { plant: basil, job: 'fertilize' },
      ]),
    );
    expect(doCareJobs).not.toHaveBeenCalled();
    expect(toast.info).toHaveBeenCalledWith('You are offline: 2 jobs will be marked as done when you are back online.');
    expect(toast.error).not.toHaveBeenCalled();
    expect(await rowsOf('mango-offline', 'waterings')).toHaveLength(2);
    expect(mayHaveQueuedCareJobs()).toBe(true);

    online = true;
    vi.mocked(doCareJob).mockResolvedValue({} as Plant);
    await sendQueuedCareJobs();
    expect(sent()).toEqual([
      ['p1', 'water', '2026-03-10', expect.stringMatching(UUID)],
      ['p2', 'fertilize', '2026-03-10', expect.stringMatching(UUID)],
    ]);
    expect(sent()[0]![3]).not.toBe(sent()[1]![3]);
    expect(toast.success).toHaveBeenCalledWith('Watered Boston Fern: recorded now that you are back online');
    expect(toast.success).toHaveBeenCalledWith('Fertilized Basil: recorded now that you are back online');
    // Sent once: the online event, Background Sync and any answered request all ask again.
    await sendQueuedCareJobs();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(sent()).toHaveLength(2);
    expect(await rowsOf('mango-offline', 'waterings')).toEqual([]);
    expect(mayHaveQueuedCareJobs()).toBe(false);
  });

  it('sends a job whose replay got no answer again with the same id, so the server records it once', async () => {
    const flow = renderFlow();
    online = false;
    await act(() => flow.current.doAll([{ plant: fern, job: 'mist' }]));
    expect(toast.info).toHaveBeenCalledWith(
      'You are offline: Boston Fern will be marked as misted when you are back online.',
    );
    online = true;
    vi.mocked(doCareJob)
      .mockRejectedValueOnce(new ApiError(0, 'network', NETWORK_MESSAGE))
      .mockResolvedValue({} as Plant);
    await sendQueuedCareJobs();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(async () => expect(await rowsOf('mango-offline', 'waterings')).toEqual([]));
    const [first, second] = sent();
    expect(first).toEqual(['p1', 'mist', '2026-03-10', expect.stringMatching(UUID)]);
    expect(second).toEqual(first);
  });

  it('queues nothing for a batch that got no answer online: it may have been recorded, and carries no job ids', async () => {
    const flow = renderFlow();
    vi.mocked(doCareJobs).mockRejectedValue(new ApiError(0, 'network', NETWORK_MESSAGE));
    await act(() => flow.current.doAll([{ plant: fern, job: 'water' }]));
    expect(await rowsOf('mango-offline', 'waterings')).toEqual([]);
    expect(toast.error).toHaveBeenCalledWith(NETWORK_MESSAGE);
  });
});

describe('Snooze and a check-in offline', () => {
  it('are queued, each with an id of its own, say so, and are sent once each with that id when the network is back', async () => {
    const flow = renderFlow();
    online = false;
    await act(() =>
      flow.current.snooze(
        [
          { plant: fern, job: 'water' },
          { plant: basil, job: 'fertilize' },
        ],
        2,
      ),
    );
    await act(() => flow.current.checkIn(fern, 'mist'));
    expect(snoozeCareJob).not.toHaveBeenCalled();
    expect(checkCareJob).not.toHaveBeenCalled();
    expect(vi.mocked(toast.info).mock.calls).toEqual([
      ['You are offline: 2 jobs will be snoozed for 2 days when you are back online.'],
      ['You are offline: the check-in of Boston Fern will be saved when you are back online.'],
    ]);
    expect(await rowsOf('mango-offline', 'waterings')).toHaveLength(3);

    online = true;
    vi.mocked(snoozeCareJob).mockResolvedValue({} as Plant);
    vi.mocked(checkCareJob)
      .mockRejectedValueOnce(new ApiError(0, 'network', NETWORK_MESSAGE))
      .mockResolvedValue({} as Plant);
    await sendQueuedCareJobs();
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(async () => expect(await rowsOf('mango-offline', 'waterings')).toEqual([]));
    expect(vi.mocked(snoozeCareJob).mock.calls).toEqual([
      ['p1', 'water', 2, expect.stringMatching(UUID)],
      ['p2', 'fertilize', 2, expect.stringMatching(UUID)],
    ]);
    // The check-in whose answer was lost goes again with the same id: the server moves it once.
    const [first, second] = vi.mocked(checkCareJob).mock.calls;
    expect(first).toEqual(['p1', 'mist', expect.stringMatching(UUID)]);
    expect(second).toEqual(first);
    expect(toast.success).toHaveBeenCalledWith('Watering of Boston Fern snoozed now that you are back online');
    expect(toast.success).toHaveBeenCalledWith('Checked Boston Fern: recorded now that you are back online');
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('queues a snooze whose request got no answer, and the ones after it, with the ids they were sent with', async () => {
    const flow = renderFlow();
    vi.mocked(snoozeCareJob).mockRejectedValue(new ApiError(0, 'network', NETWORK_MESSAGE));
    await act(() => flow.current.snooze([{ plant: fern, job: 'water' }], 1));
    const [sentOnce] = vi.mocked(snoozeCareJob).mock.calls;
    expect(await rowsOf('mango-offline', 'waterings')).toEqual([
      expect.objectContaining({ kind: 'snooze', days: 1, plantId: 'p1', job: 'water', jobId: sentOnce![3] }),
    ]);
    expect(toast.error).not.toHaveBeenCalled();
  });
});
