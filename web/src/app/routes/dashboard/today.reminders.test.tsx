import type { Plant } from '@model';
import type { CareSchedules } from '@model/care-tasks';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doCareJobs } from '@/features/care/api/do-care-jobs';
import { snoozeCareJob } from '@/features/care/api/snooze-care-job';
import { checkCareJob } from '@/features/care/api/check-care-job';
import { undoCareJob } from '@/features/care/api/undo-care-job';
import { undoWaterings } from '@/features/care/api/undo-waterings';
import { ApiError, apiFetch } from '@/lib/api-client';
import { currentUser } from '@/lib/auth';
import { toast, type ToastOptions } from '@/lib/toast';
import { handOver, takeHandOver } from '@/sw/digest-hand-over';
import { forgetDatabases, rowsOf } from '@/test/indexed-db';
import { fakePlantApi } from '@/test/fake-plant-api';
import { disposeRouters, renderRoutes } from '@/test/render-route';
import * as route from './today';

// Today's Snooze, and the Done, Snooze 1 day and Not needed yet a digest's notification hands over
// (sw/digest-hand-over.ts: the worker keeps the action in IndexedDB under a nonce, which the address names).

vi.mock('@/lib/api-client');
vi.mock('@/features/care/api/undo-waterings', () => ({ undoWaterings: vi.fn() }));
vi.mock('@/features/care/api/do-care-jobs', () => ({ doCareJobs: vi.fn() }));
vi.mock('@/features/care/api/undo-care-job', () => ({ undoCareJob: vi.fn() }));
vi.mock('@/features/care/api/snooze-care-job', () => ({ snoozeCareJob: vi.fn() }));
vi.mock('@/features/care/api/check-care-job', () => ({ checkCareJob: vi.fn() }));
vi.mock('@/lib/auth', () => ({
  currentUser: vi.fn(),
  getAuthState: () => ({ user: { uid: 'u1' } }),
  whenAuthReady: async () => ({ uid: 'u1' }),
}));
vi.mock('@/lib/toast');

const monthly = (nextDate: string) => ({ frequency: 'Monthly', lastDate: '2026-02-01', nextDate, intervalDays: 30 });

const plant = (id: string, plantName: string, nextWateringDate: string, care: CareSchedules = {}): Plant => ({
  _id: id,
  plantName,
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  wateringFrequency: 'Every 3 days',
  wateringIntervalDays: 3,
  nextWateringDate,
  lastWateredDate: '2026-03-01',
  care,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

const aloe = plant('a', 'Aloe', '2026-03-08');
const basil = plant('b', 'Basil', '2026-03-12', { fertilize: monthly('2026-03-10') });
const cactus = plant('c', 'Cactus', '2026-03-13');

function renderAt(path: string) {
  return renderRoutes([{ path: '/dashboard/today', ...route }], path);
}

function serve(plants: Plant[]) {
  const api = fakePlantApi(plants);
  vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
}

const rowsIn = (name: RegExp) =>
  within(screen.getByRole('region', { name }))
    .queryAllByRole('listitem')
    .map((row) => row.querySelector('p')!.textContent);
const undoOf = (kind: 'success') => (vi.mocked(toast[kind]).mock.lastCall![1] as ToastOptions).action!.onClick;

/** The notification's jobs, as the worker keeps them. */
const jobs = (...listed: [string, string][]) =>
  listed.map(([plantId, task]) => ({ plantId, task: task as 'water' | 'fertilize' }));

/** A click on the notification's action, as the worker hands it over: Today's address with the nonce it kept the action under. */
async function clicked(kind: 'done' | 'snooze' | 'check', ...listed: [string, string][]): Promise<string> {
  return linkTo(await handOver({ kind, jobs: jobs(...listed), at: Date.now() }));
}
const linkTo = (nonce: string) => `/dashboard/today#digest=${nonce}`;

const EXPIRED = "This reminder's link has expired or was already used, so nothing was recorded.";

beforeEach(async () => {
  await forgetDatabases();
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 10, 8, 0));
  vi.mocked(currentUser).mockResolvedValue({ uid: 'u1', email: 'me@example.test', displayName: 'Me', photoURL: null });
  for (const mock of [
    apiFetch,
    doCareJobs,
    snoozeCareJob,
    checkCareJob,
    undoCareJob,
    undoWaterings,
    toast.success,
    toast.info,
    toast.error,
  ])
    vi.mocked(mock).mockReset();
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('Today, Snooze', () => {
  it('snoozes a due job by the days chosen, by keyboard, moves it out of the due groups, and Undo brings it back', async () => {
    const user = userEvent.setup({ delay: null });
    serve([aloe, cactus]);
    vi.mocked(snoozeCareJob).mockResolvedValue({ ...aloe, nextWateringDate: '2026-03-12' });
    vi.mocked(undoWaterings).mockResolvedValue([aloe]);
    renderAt('/dashboard/today');
    const snooze = await screen.findByRole('button', { name: 'Snooze watering of Aloe' });
    // Only due jobs: Cactus, due in 3 days, has none.
    expect(screen.queryByRole('button', { name: 'Snooze watering of Cactus' })).not.toBeInTheDocument();
    snooze.focus();
    await user.keyboard('{Enter}');
    const choices = screen.getByRole('group', { name: 'Snooze watering of Aloe for' });
    expect(within(choices).getByRole('button', { name: '1 day' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: /Snooze watering/ })).not.toBeInTheDocument();
    expect(snooze).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(snoozeCareJob).toHaveBeenCalledWith('a', 'water', 2, expect.any(String));
    await waitFor(() => expect(rowsIn(/^Overdue/)).toEqual([]));
    expect(rowsIn(/^Next 7 days/)).toEqual(['Water · Aloe', 'Water · Cactus']);
    expect(toast.success).toHaveBeenCalledWith('Watering of Aloe snoozed for 2 days', expect.anything());

    act(() => undoOf('success')());
    await waitFor(() => expect(rowsIn(/^Overdue/)).toEqual(['Water · Aloe']));
    expect(undoWaterings).toHaveBeenCalledWith(['a']);
    expect(toast.info).toHaveBeenCalledWith('Watering of Aloe is no longer snoozed');
  });

  it("says why a snooze failed, in the server's sentence, and leaves the row where it was", async () => {
    const user = userEvent.setup({ delay: null });
    serve([basil]);
    vi.mocked(snoozeCareJob).mockRejectedValue(
      new ApiError(
        409,
        'nothing_to_snooze',
        'Fertilizing is not tracked for this plant, so there is nothing to snooze.',
      ),
    );
    renderAt('/dashboard/today');
    await user.click(await screen.findByRole('button', { name: 'Snooze fertilizing of Basil' }));
    await user.click(screen.getByRole('button', { name: '7 days' }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith(
        'Fertilizing is not tracked for this plant, so there is nothing to snooze.',
      ),
    );
    expect(snoozeCareJob).toHaveBeenCalledWith('b', 'fertilize', 7, expect.any(String));
    expect(rowsIn(/^Today/)).toEqual(['Fertilize · Basil']);
    expect(toast.success).not.toHaveBeenCalled();
  });
});

describe("Today, a digest notification's Done, Snooze 1 day and Not needed yet", () => {
  it('records the listed jobs that are still due, as Do all due does, and takes the nonce out of the address bar', async () => {
    const replaceState = vi.spyOn(window.history, 'replaceState');
    serve([aloe, basil, cactus]);
    vi.mocked(doCareJobs).mockResolvedValue([
      { ...aloe, nextWateringDate: '2026-03-13', lastWateredDate: '2026-03-10' },
      { ...basil, care: { fertilize: { ...monthly('2026-04-09'), lastDate: '2026-03-10' } } },
    ]);
    // Cactus's watering is no longer due (done since the digest went), and "z" is no plant of Today.
    const link = await clicked('done', ['a', 'water'], ['b', 'fertilize'], ['c', 'water'], ['z', 'water']);
    const router = renderAt(link);
    await waitFor(() => expect(doCareJobs).toHaveBeenCalledTimes(1));
    expect(doCareJobs).toHaveBeenCalledWith(
      [
        { plantId: 'a', task: 'water' },
        { plantId: 'b', task: 'fertilize' },
      ],
      '2026-03-10',
    );
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('2 jobs done', expect.anything()));
    expect(replaceState).toHaveBeenCalledWith(window.history.state, '', '/dashboard/today');
    expect(await screen.findByText('Everything is done: nothing is overdue or due today.')).toBeInTheDocument();
    // The same address read again (back in the history), its jobs due again on this fake server:
    // recorded once, and nothing said the second time.
    await act(() => router.navigate('/dashboard/today'));
    await act(() => router.navigate(link));
    expect(await screen.findByRole('button', { name: 'Watered Aloe' })).toBeInTheDocument();
    expect(doCareJobs).toHaveBeenCalledTimes(1);
    expect(toast.info).not.toHaveBeenCalled();
    replaceState.mockRestore();
  });

  it('records nothing for an address that names the jobs itself, however it is made, and says so', async () => {
    const replaceState = vi.spyOn(window.history, 'replaceState');
    serve([aloe, basil]);
    // The address the notification once opened: anyone can write one, since plant ids are public.
    renderAt(`/dashboard/today#digest=done&jobs=a.water,b.fertilize&at=${Date.now()}`);
    // Read once the jobs are in: the address loses its hash, and nothing is sent.
    await waitFor(() => expect(replaceState).toHaveBeenCalledWith(window.history.state, '', '/dashboard/today'));
    const nothingSent = () => {
      for (const request of [doCareJobs, snoozeCareJob, checkCareJob]) expect(request).not.toHaveBeenCalled();
      expect(
        vi.mocked(apiFetch).mock.calls.filter(([, options]) => options?.method && options.method !== 'GET'),
      ).toEqual([]);
    };
    await act(async () => {});
    nothingSent();
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith(EXPIRED));
    expect(screen.getByRole('button', { name: 'Watered Aloe' })).toBeInTheDocument();
    nothingSent();
    replaceState.mockRestore();
  });

  it('records nothing for a nonce the worker never made, one another page has used, or one a day old, and says so', async () => {
    serve([aloe]);
    const used = await clicked('snooze', ['a', 'water']);
    // Another tab took it first (each hand-over is taken once, in one IndexedDB transaction).
    expect(await takeHandOver(used.slice(used.indexOf('=') + 1))).not.toBeNull();
    const old = linkTo(await handOver({ kind: 'done', jobs: jobs(['a', 'water']), at: Date.now() - 86_400_000 }));
    for (const link of [linkTo(crypto.randomUUID()), used, old]) {
      vi.mocked(toast.info).mockClear();
      renderAt(link);
      await waitFor(() => expect(toast.info).toHaveBeenCalledWith(EXPIRED));
      expect(await screen.findByRole('button', { name: 'Watered Aloe' })).toBeInTheDocument();
      cleanup();
      await disposeRouters();
    }
    for (const request of [doCareJobs, snoozeCareJob, checkCareJob]) expect(request).not.toHaveBeenCalled();
  });

  it('snoozes each listed job that is still due by a day, with one toast', async () => {
    serve([aloe, basil]);
    vi.mocked(snoozeCareJob).mockImplementation(async (id) => (id === 'a' ? aloe : basil));
    renderAt(await clicked('snooze', ['a', 'water'], ['b', 'fertilize']));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('2 jobs snoozed for 1 day', expect.anything()));
    expect(vi.mocked(snoozeCareJob).mock.calls).toEqual([
      ['a', 'water', 1, expect.any(String)],
      ['b', 'fertilize', 1, expect.any(String)],
    ]);
    expect(doCareJobs).not.toHaveBeenCalled();
  });

  it('checks each listed job that is still due ("Not needed yet"), one after the other, each with its toast', async () => {
    serve([aloe, basil]);
    vi.mocked(checkCareJob).mockImplementation(async (id) => (id === 'a' ? aloe : basil));
    renderAt(await clicked('check', ['a', 'water'], ['b', 'fertilize']));
    await waitFor(() => expect(vi.mocked(checkCareJob)).toHaveBeenCalledTimes(2));
    expect(vi.mocked(checkCareJob).mock.calls).toEqual([
      ['a', 'water', expect.any(String)],
      ['b', 'fertilize', expect.any(String)],
    ]);
    await waitFor(() => expect(toast.success).toHaveBeenCalledTimes(2));
    expect(vi.mocked(toast.success).mock.calls[0]![0]).toMatch(/^Checked Aloe: soil still moist/);
    expect(doCareJobs).not.toHaveBeenCalled();
    expect(snoozeCareJob).not.toHaveBeenCalled();
  });

  it('says so when none of the listed jobs is still due, and records nothing', async () => {
    serve([cactus]);
    renderAt(await clicked('done', ['c', 'water']));
    await waitFor(() => expect(toast.info).toHaveBeenCalledWith('The jobs of this reminder are already done.'));
    expect(doCareJobs).not.toHaveBeenCalled();
  });

  it('offline, queues each job of a Done as its row would be, each with an id of its own, and says so', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    serve([aloe, basil]);
    renderAt(await clicked('done', ['a', 'water'], ['b', 'fertilize']));
    await waitFor(() =>
      expect(toast.info).toHaveBeenCalledWith(
        'You are offline: 2 jobs will be marked as done when you are back online.',
      ),
    );
    expect(doCareJobs).not.toHaveBeenCalled();
    const queued = await rowsOf('mango-offline', 'waterings');
    expect(queued).toEqual([
      expect.objectContaining({ uid: 'u1', plantId: 'a', job: 'water', date: '2026-03-10' }),
      expect.objectContaining({ uid: 'u1', plantId: 'b', job: 'fertilize', date: '2026-03-10' }),
    ]);
    expect(new Set(queued.map((job) => job.jobId)).size).toBe(2);
  });

  it('records nothing for a plain visit, or an address that hands nothing over', async () => {
    serve([aloe]);
    renderAt('/dashboard/today#top');
    await screen.findByRole('button', { name: 'Watered Aloe' });
    expect(doCareJobs).not.toHaveBeenCalled();
    expect(snoozeCareJob).not.toHaveBeenCalled();
    expect(toast.info).not.toHaveBeenCalled();
  });
});
