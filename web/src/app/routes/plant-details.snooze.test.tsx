import type { Plant } from '@model';
import { addDays, localToday } from '@model/schedule';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { plantDetailsData } from '@/app/routes/plant.data';
import { listPlantEvents } from '@/features/care/api/list-plant-events';
import { snoozeCareJob } from '@/features/care/api/snooze-care-job';
import { undoCareJob } from '@/features/care/api/undo-care-job';
import { undoWaterings } from '@/features/care/api/undo-waterings';
import { getPlant } from '@/features/plants/api/get-plant';
import { currentUser, useAuth } from '@/lib/auth';
import { toast, type ToastOptions } from '@/lib/toast';
import { renderRoutes } from '@/test/render-route';
import * as route from './plant-details';

// Snooze on a plant's page, beside Watered and each care task's Done, and the journal's word for it.

vi.mock('@/features/plants/api/get-plant', () => ({ getPlant: vi.fn() }));
vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/features/care/api/list-plant-events', async (original) => ({
  ...(await original<typeof import('@/features/care/api/list-plant-events')>()),
  listPlantEvents: vi.fn(),
}));
vi.mock('@/lib/photos/list-photos', async (original) => ({
  ...(await original<typeof import('@/lib/photos/list-photos')>()),
  listPhotos: vi.fn(async () => []),
}));
vi.mock('@/lib/toast');
vi.mock('@/features/care/api/snooze-care-job', () => ({ snoozeCareJob: vi.fn() }));
vi.mock('@/features/care/api/undo-care-job', () => ({ undoCareJob: vi.fn() }));
vi.mock('@/features/care/api/undo-waterings', () => ({ undoWaterings: vi.fn() }));

const today = localToday();
const ME = { uid: 'owner-1', email: 'me@example.test', displayName: 'Me', photoURL: null };
const fertilize = (nextDate: string) => ({
  frequency: 'Monthly',
  lastDate: addDays(today, -35),
  nextDate,
  intervalDays: 30,
});

const plant = (changes: Partial<Plant>): Plant => ({
  _id: 'p1',
  plantName: 'Moth Orchid',
  category: 'flowering',
  careLevel: 'difficult',
  healthStatus: 'Healthy',
  wateringFrequency: 'Every 10 days',
  lastWateredDate: addDays(today, -12),
  ownerUid: 'owner-1',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...changes,
});

function renderDetails() {
  return renderRoutes([{ path: '/plant/:id', ...plantDetailsData, ...route }], '/plant/p1');
}

describe("a plant's page, Snooze", () => {
  beforeEach(() => {
    vi.mocked(currentUser).mockReset().mockResolvedValue(ME);
    vi.mocked(useAuth).mockReturnValue({ loading: false, user: ME });
    for (const mock of [
      getPlant,
      listPlantEvents,
      snoozeCareJob,
      undoCareJob,
      undoWaterings,
      toast.success,
      toast.info,
    ])
      vi.mocked(mock).mockReset();
    vi.mocked(listPlantEvents).mockResolvedValue([]);
  });

  it('snoozes a due watering, shows the new date at once, says so in the journal, and Undo takes it back', async () => {
    const user = userEvent.setup({ delay: null });
    const due = plant({ nextWateringDate: addDays(today, -2) });
    vi.mocked(getPlant).mockResolvedValue(due);
    renderDetails();
    await user.click(await screen.findByRole('button', { name: 'Snooze watering of Moth Orchid' }));
    const snoozed = { ...due, nextWateringDate: addDays(today, 3) };
    vi.mocked(snoozeCareJob).mockResolvedValue(snoozed);
    vi.mocked(listPlantEvents).mockResolvedValue([
      {
        _id: 'e1',
        type: 'snoozed',
        at: new Date().toISOString(),
        date: today,
        task: 'water',
        days: 3,
        lastWateredDate: due.lastWateredDate!,
        nextWateringDate: snoozed.nextWateringDate,
      },
    ]);
    await user.click(screen.getByRole('button', { name: '3 days' }));
    expect(snoozeCareJob).toHaveBeenCalledWith('p1', 'water', 3, expect.any(String));
    expect(await screen.findByText('Due in 3 days')).toBeInTheDocument();
    // No longer due: no Snooze.
    expect(screen.queryByRole('button', { name: 'Snooze watering of Moth Orchid' })).not.toBeInTheDocument();
    const history = screen.getByRole('region', { name: 'Care History' });
    expect(await within(history).findByText(/: Watering snoozed for 3 days$/)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith('Watering of Moth Orchid snoozed for 3 days', expect.anything());

    vi.mocked(undoWaterings).mockResolvedValue([due]);
    await act(async () => (vi.mocked(toast.success).mock.lastCall![1] as ToastOptions).action!.onClick());
    expect(undoWaterings).toHaveBeenCalledWith(['p1']);
    expect(await screen.findByText('Overdue by 2 days')).toBeInTheDocument();
  });

  it('offers Snooze beside a due care task only, not beside one ahead or a watering not due', async () => {
    const user = userEvent.setup({ delay: null });
    const owned = plant({
      nextWateringDate: addDays(today, 4),
      care: { fertilize: fertilize(today), mist: { ...fertilize(addDays(today, 2)), frequency: 'Weekly' } },
    });
    vi.mocked(getPlant).mockResolvedValue(owned);
    renderDetails();
    const section = await screen.findByRole('region', { name: 'More care' });
    expect(screen.queryByRole('button', { name: 'Snooze watering of Moth Orchid' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Snooze misting of Moth Orchid' })).not.toBeInTheDocument();
    vi.mocked(snoozeCareJob).mockResolvedValue({
      ...owned,
      care: { ...owned.care, fertilize: fertilize(addDays(today, 1)) },
    });
    await user.click(within(section).getByRole('button', { name: 'Snooze fertilizing of Moth Orchid' }));
    await user.click(within(section).getByRole('button', { name: '1 day' }));
    expect(snoozeCareJob).toHaveBeenCalledWith('p1', 'fertilize', 1, expect.any(String));
    expect(await within(section).findByText('Due tomorrow')).toBeInTheDocument();
  });
});
