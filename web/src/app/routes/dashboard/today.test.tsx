import type { Plant } from '@model';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { waterPlant } from '@/features/plants/api/water-plant';
import { waterPlants } from '@/features/plants/api/water-plants';
import { apiFetch } from '@/lib/api-client';
import { currentUser } from '@/lib/auth';
import { announceUpdatedAnswer } from '@/lib/server-state';
import { toast } from '@/lib/toast';
import { fakePlantApi } from '@/test/fake-plant-api';
import { renderRoutes } from '@/test/render-route';
import * as route from './today';

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<typeof import('@/lib/api-client')>()), apiFetch: vi.fn() }));
vi.mock('@/features/plants/api/water-plant', () => ({ waterPlant: vi.fn() }));
vi.mock('@/features/plants/api/water-plants', () => ({ waterPlants: vi.fn(), undoWaterings: vi.fn() }));
vi.mock('@/lib/auth', () => ({ currentUser: vi.fn() }));
vi.mock('@/lib/toast', () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn() }, preloadToasts: vi.fn() }));

const plant = (id: string, plantName: string, nextWateringDate?: string): Plant => ({
  _id: id,
  plantName,
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  wateringFrequency: 'Every 3 days',
  wateringIntervalDays: 3,
  ...(nextWateringDate ? { nextWateringDate, lastWateredDate: '2026-03-01' } : {}),
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderPage() {
  renderRoutes([{ path: '/dashboard/today', ...route }], '/dashboard/today');
}

let api: ReturnType<typeof fakePlantApi>;
/** The server's GET /mango?email=&sort=nextWateringDate, answering from these plants in date order. */
function serve(plants: Plant[]) {
  api = fakePlantApi([...plants].sort((a, b) => (a.nextWateringDate ?? '9999').localeCompare(b.nextWateringDate ?? '9999')));
  vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
}

const group = (name: RegExp) => screen.getByRole('region', { name });
const namesIn = (name: RegExp) =>
  within(group(name))
    .queryAllByRole('link')
    .map((link) => link.textContent);

describe('Dashboard Today', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 8, 0));
    vi.mocked(currentUser).mockResolvedValue({ uid: 'u1', email: 'me@example.test', displayName: 'Me', photoURL: null });
    vi.mocked(apiFetch).mockReset();
    vi.mocked(waterPlant).mockReset();
    vi.mocked(toast.success).mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('puts the plants in Overdue, Today and Next 7 days, leaving out later and undated ones', async () => {
    serve([
      plant('a', 'Aloe', '2026-03-08'),
      plant('b', 'Basil', '2026-03-10'),
      plant('c', 'Cactus', '2026-03-12'),
      plant('d', 'Daisy', '2026-03-20'),
      plant('e', 'Echeveria'),
      plant('f', 'Fern', '2026-03-09'),
    ]);
    renderPage();
    expect(await screen.findByRole('region', { name: 'Overdue (2 plants)' })).toBeInTheDocument();
    expect(namesIn(/^Overdue/)).toEqual(['Aloe', 'Fern']);
    expect(within(group(/^Overdue/)).getByText('Overdue by 2 days')).toBeInTheDocument();
    expect(namesIn(/^Today/)).toEqual(['Basil']);
    expect(namesIn(/^Next 7 days/)).toEqual(['Cactus']);
    expect(screen.queryByText('Daisy')).not.toBeInTheDocument();
    expect(screen.queryByText('Echeveria')).not.toBeInTheDocument();
    expect(within(group(/^Today/)).getByRole('button', { name: 'Watered Basil' })).toBeInTheDocument();
  });

  it('moves a watered plant out of its group at once', async () => {
    const user = userEvent.setup();
    serve([plant('a', 'Aloe', '2026-03-08')]);
    vi.mocked(waterPlant).mockResolvedValue({ ...plant('a', 'Aloe', '2026-03-13'), lastWateredDate: '2026-03-10' });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Watered Aloe' }));
    expect(await screen.findByText('Everything is watered: nothing is overdue or due today.')).toBeInTheDocument();
    expect(namesIn(/^Overdue/)).toEqual([]);
    expect(namesIn(/^Next 7 days/)).toEqual(['Aloe']);
    expect(waterPlant).toHaveBeenCalledWith('a', '2026-03-10');
  });

  it('waters all overdue and today plants with one button, one request and one summary toast', async () => {
    const user = userEvent.setup();
    serve([plant('a', 'Aloe', '2026-03-08'), plant('b', 'Basil', '2026-03-10'), plant('c', 'Cactus', '2026-03-12')]);
    vi.mocked(waterPlants).mockImplementation(async (ids) =>
      ids.map((id) => ({ ...plant(id, id === 'a' ? 'Aloe' : 'Basil', '2026-03-13'), lastWateredDate: '2026-03-10' })),
    );
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Water all due (2 plants)' }));
    expect(await screen.findByText('Everything is watered: nothing is overdue or due today.')).toBeInTheDocument();
    expect(waterPlants).toHaveBeenCalledTimes(1);
    expect(vi.mocked(waterPlants).mock.calls[0]![0]).toEqual(['a', 'b']);
    expect(waterPlant).not.toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith('Watered 2 plants', expect.objectContaining({ action: expect.objectContaining({ label: 'Undo' }) }));
    expect(screen.queryByRole('button', { name: /Water all due/ })).not.toBeInTheDocument();
  });

  it('says everything is watered when nothing is due', async () => {
    serve([plant('d', 'Daisy', '2026-03-20')]);
    renderPage();
    expect(await screen.findByText('Everything is watered: nothing is overdue or due today.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is due in the next 7 days.')).toBeInTheDocument();
  });

  it('offers to add a plant when there is none', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No plants yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your First Plant' })).toHaveAttribute('href', '/dashboard/add-item');
  });

  it('reads the plants in next-watering order only as far as the week ahead', async () => {
    const due = Array.from({ length: 120 }, (_, i) => plant(`d${i}`, `Due ${String(i).padStart(3, '0')}`, '2026-03-09'));
    const later = Array.from({ length: 150 }, (_, i) => plant(`l${i}`, `Later ${i}`, '2026-05-01'));
    serve([...due, ...later]);
    renderPage();
    expect(await screen.findByRole('region', { name: 'Overdue (120 plants)' })).toBeInTheDocument();
    // Two pages: the first ended with a plant due this week, the second with one due in May.
    expect(api.asked).toEqual([
      '/mango?email=me%40example.test&sort=nextWateringDate&dir=asc&limit=100',
      '/mango?email=me%40example.test&sort=nextWateringDate&dir=asc&limit=100&cursor=100',
    ]);
  }, 20_000);

  it('reads the plants again once the day has moved on (a tab left open overnight)', async () => {
    serve([plant('a', 'Aloe', '2026-03-11')]);
    renderPage();
    expect(await screen.findByRole('region', { name: 'Next 7 days (1 plant)' })).toBeInTheDocument();
    expect(api.asked).toHaveLength(1);
    vi.setSystemTime(new Date(2026, 2, 11, 7, 0));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByRole('region', { name: 'Today (1 plant)' })).toBeInTheDocument();
    await vi.waitFor(() => expect(api.asked).toHaveLength(2));
  });

  it('reads the plants again when the service worker says the list changed elsewhere', async () => {
    serve([plant('a', 'Aloe', '2026-03-08')]);
    renderPage();
    expect(await screen.findByRole('region', { name: 'Overdue (1 plant)' })).toBeInTheDocument();
    // Watered on another device: no longer overdue.
    serve([plant('a', 'Aloe', '2026-03-11')]);
    act(() => announceUpdatedAnswer(`${window.location.origin}/mango?email=me%40example.test&sort=nextWateringDate&dir=asc&limit=100&__as=user`));
    expect(await screen.findByText('Everything is watered: nothing is overdue or due today.')).toBeInTheDocument();
    expect(namesIn(/^Overdue/)).toEqual([]);
    expect(namesIn(/^Next 7 days/)).toEqual(['Aloe']);
  });
});
