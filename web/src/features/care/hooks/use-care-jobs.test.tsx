import type { Plant } from '@model';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_MESSAGE } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { doCareJob } from '../api/do-care-job';
import { undoCareJob } from '../api/undo-care-job';
import { queueCareJob } from '../lib/offline-care-jobs';
import { useCareJobs } from './use-care-jobs';

vi.mock('../api/do-care-job', () => ({ doCareJob: vi.fn() }));
vi.mock('../lib/offline-care-jobs', async (importActual) => ({
  ...(await importActual<typeof import('../lib/offline-care-jobs')>()),
  queueCareJob: vi.fn(),
}));
vi.mock('@/lib/auth', async (importActual) => ({
  ...(await importActual<typeof import('@/lib/auth')>()),
  getAuthState: () => ({ user: { uid: 'ada' } }),
}));
vi.mock('../api/undo-care-job', () => ({ undoCareJob: vi.fn() }));
vi.mock('@/lib/toast');

const fern = { _id: 'p1', plantName: 'Boston Fern' };
const stored = (overrides: Partial<Plant> = {}): Plant => ({
  ...fern,
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  lastWateredDate: '2026-03-10',
  nextWateringDate: '2026-03-13',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-03-10T09:00:00.000Z',
  ...overrides,
});

function renderWatering(onChange = vi.fn()) {
  let hook: { current: ReturnType<typeof useCareJobs> } | undefined;
  function Probe() {
    const flow = useCareJobs({ onChange });
    hook ??= { current: flow };
    hook.current = flow;
    return null;
  }
  const router = createMemoryRouter([
    { path: '/', element: <Probe /> },
    { path: '/login', element: null },
  ]);
  render(<RouterProvider router={router} />);
  return { hook: hook!, onChange, router };
}

describe('useCareJobs for watering', () => {
  beforeEach(() => {
    vi.mocked(doCareJob).mockReset();
    vi.mocked(undoCareJob).mockReset();
    vi.mocked(toast.success).mockReset();
    vi.mocked(toast.error).mockReset();
    vi.mocked(toast.info).mockReset();
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 22, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("sends the user's own day, hands over the stored plant and toasts 'Watered <name>' with an Undo that works", async () => {
    const { hook, onChange } = renderWatering();
    vi.mocked(doCareJob).mockResolvedValue(stored());
    await act(() => hook.current.doJob(fern, 'water'));
    expect(doCareJob).toHaveBeenCalledWith('p1', 'water', '2026-03-10', expect.any(String));
    expect(onChange).toHaveBeenCalledWith(stored());
    expect(toast.success).toHaveBeenCalledWith('Watered Boston Fern', {
      action: { label: 'Undo', onClick: expect.any(Function) },
    });

    vi.mocked(undoCareJob).mockResolvedValue(stored({ lastWateredDate: '2026-03-01', nextWateringDate: '2026-03-04' }));
    const undo = vi.mocked(toast.success).mock.calls[0]![1]!.action!.onClick;
    await act(async () => undo());
    await vi.waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ nextWateringDate: '2026-03-04' })),
    );
    expect(undoCareJob).toHaveBeenCalledWith('p1', 'water');
    expect(toast.info).toHaveBeenCalledWith('Watering of Boston Fern undone');
  });

  it('sends the day picked for an earlier watering', async () => {
    const { hook } = renderWatering();
    vi.mocked(doCareJob).mockResolvedValue(stored());
    await act(() => hook.current.doJob(fern, 'water', '2026-03-08'));
    expect(doCareJob).toHaveBeenCalledWith('p1', 'water', '2026-03-08', expect.any(String));
  });

  it("says the server's sentence when it refuses, and changes nothing", async () => {
    const { hook, onChange } = renderWatering();
    vi.mocked(doCareJob).mockRejectedValue(
      new ApiError(409, 'watered_later', 'This plant was last watered on 2026-03-09, after 2026-03-08.'),
    );
    await act(() => hook.current.doJob(fern, 'water', '2026-03-08'));
    expect(onChange).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('This plant was last watered on 2026-03-09, after 2026-03-08.');
    vi.mocked(undoCareJob).mockRejectedValue(
      new ApiError(409, 'nothing_to_undo', 'There is no watering to undo for this plant.'),
    );
    await act(() => hook.current.undo(fern, 'water'));
    expect(toast.error).toHaveBeenLastCalledWith('There is no watering to undo for this plant.');
  });

  it('sends a signed-out user to /login', async () => {
    const { hook, router } = renderWatering();
    vi.mocked(doCareJob).mockRejectedValue(new ApiError(401, 'unauthenticated', 'Please sign in to do that.'));
    await act(() => hook.current.doJob(fern, 'water'));
    expect(router.state.location.pathname).toBe('/login');
    expect(toast.error).not.toHaveBeenCalled();
  });
});

describe('useCareJobs on a network that lies (the browser says online, a request gets no answer)', () => {
  beforeEach(() => {
    vi.mocked(doCareJob).mockReset();
    vi.mocked(queueCareJob).mockReset();
    vi.mocked(toast.error).mockReset();
    vi.mocked(toast.info).mockReset();
  });

  it('queues the job with the id its request was sent with, saying so as a tap offline does', async () => {
    expect(navigator.onLine).toBe(true);
    const { hook, onChange } = renderWatering();
    vi.mocked(doCareJob).mockRejectedValue(new ApiError(0, 'network', NETWORK_MESSAGE));
    await act(() => hook.current.doJob(fern, 'fertilize', '2026-03-10'));
    const jobId = vi.mocked(doCareJob).mock.calls[0]![3];
    expect(jobId).toMatch(/^[0-9a-f-]{36}$/);
    expect(queueCareJob).toHaveBeenCalledWith({
      uid: 'ada',
      plantId: 'p1',
      plantName: 'Boston Fern',
      job: 'fertilize',
      date: '2026-03-10',
      jobId,
    });
    expect(toast.info).toHaveBeenCalledWith(
      'You are offline: Boston Fern will be marked as fertilized when you are back online.',
    );
    expect(toast.error).not.toHaveBeenCalled();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('gives each tap its own id', async () => {
    const { hook } = renderWatering();
    vi.mocked(doCareJob).mockResolvedValue(stored());
    await act(() => hook.current.doJob(fern, 'water'));
    await act(() => hook.current.doJob(fern, 'water'));
    const [first, second] = vi.mocked(doCareJob).mock.calls.map((call) => call[3]);
    expect(first).not.toBe(second);
  });

  it('queues nothing the server answered, even with an error, and says its sentence', async () => {
    const { hook } = renderWatering();
    vi.mocked(doCareJob).mockRejectedValue(
      new ApiError(503, 'unavailable', 'The server is busy right now. Please try again in a moment.'),
    );
    await act(() => hook.current.doJob(fern, 'water'));
    expect(queueCareJob).not.toHaveBeenCalled();
    expect(toast.error).toHaveBeenCalledWith('The server is busy right now. Please try again in a moment.');
  });
});
