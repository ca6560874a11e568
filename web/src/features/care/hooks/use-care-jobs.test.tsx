import type { Plant } from '@model';
import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { doCareJob } from '../api/do-care-job';
import { undoCareJob } from '../api/undo-care-job';
import { useCareJobs } from './use-care-jobs';

vi.mock('../api/do-care-job', () => ({ doCareJob: vi.fn() }));
vi.mock('../api/undo-care-job', () => ({ undoCareJob: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() }, preloadToasts: vi.fn() }));

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
    expect(doCareJob).toHaveBeenCalledWith('p1', 'water', '2026-03-10');
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
    expect(doCareJob).toHaveBeenCalledWith('p1', 'water', '2026-03-08');
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
