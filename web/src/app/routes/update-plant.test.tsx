import type { Plant } from '@model';
import type { Household } from '@model/household';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPlant } from '@/features/plants/api/get-plant';
import { updatePlant } from '@/features/plants/api/update-plant';
import { ApiError, apiFetch } from '@/lib/api-client';
import { currentUser, useAuth } from '@/lib/auth';
import { renderRoutes } from '@/test/render-route';
import { plantData } from './plant.data';
import * as route from './update-plant';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/features/plants/api/get-plant', () => ({ getPlant: vi.fn() }));
vi.mock('@/features/plants/api/update-plant', () => ({ updatePlant: vi.fn() }));
vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(async () => undefined), preloadDialogs: vi.fn() }));

const ME = { uid: 'me', email: 'me@example.test', displayName: 'Me', photoURL: null };

const PLANT: Plant = {
  _id: 'p1',
  plantName: 'Boston Fern',
  category: 'fern',
  careLevel: 'moderate',
  healthStatus: 'Healthy',
  wateringFrequency: 'Every 2 days',
  lastWateredDate: '2026-03-01',
  nextWateringDate: '2026-03-03',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const HOUSEHOLD: Household = { _id: 'h1', name: 'The Greenhouse', role: 'member', members: [] };

/** The visitor's view, and the signed-in one (the owner's view: with ownerUid and `shared`). */
function serve(view: Plant, household: Household | null) {
  vi.mocked(getPlant).mockImplementation(async (_id, _signal, auth) => (auth === 'none' ? PLANT : view));
  vi.mocked(apiFetch).mockImplementation(async (path) => {
    if (path !== '/mango/household') throw new Error(`unexpected ${path}`);
    if (!household) throw new ApiError(404, 'not_found', 'You are not in a household.');
    return { household } as never;
  });
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/update/:id', ...plantData, ...route },
      { path: '/myPlants', element: <p>my plants page</p> },
    ],
    '/update/p1',
  );
}

describe('Update Plant: sharing with the household', () => {
  beforeEach(() => {
    vi.mocked(currentUser).mockResolvedValue(ME);
    vi.mocked(useAuth).mockReturnValue({ loading: false, user: ME });
    vi.mocked(updatePlant).mockReset().mockResolvedValue({ modifiedCount: 1 });
    vi.mocked(apiFetch).mockReset();
  });

  it("offers the owner 'Share with <household>' as the plant is, and sends what it says", async () => {
    serve({ ...PLANT, ownerUid: 'me', userEmail: 'me@example.test', shared: true }, HOUSEHOLD);
    const user = userEvent.setup({ delay: null });
    renderPage();
    const share = await screen.findByRole('checkbox', { name: 'Share with The Greenhouse' });
    expect(share).toBeChecked();
    await user.click(share);
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    await waitFor(() => expect(updatePlant).toHaveBeenCalled());
    expect(vi.mocked(updatePlant).mock.calls[0]).toEqual(['p1', expect.objectContaining({ shared: false })]);
  });

  it('shows it unchecked for a plant that is not shared', async () => {
    serve({ ...PLANT, ownerUid: 'me', userEmail: 'me@example.test', shared: false }, HOUSEHOLD);
    renderPage();
    expect(await screen.findByRole('checkbox', { name: 'Share with The Greenhouse' })).not.toBeChecked();
  });

  it("offers nothing to a household member editing someone else's plant, nor without a household", async () => {
    serve({ ...PLANT, ownerUid: 'ana', userName: 'Ana', shared: true }, HOUSEHOLD);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Update Plant' }));
    await waitFor(() => expect(updatePlant).toHaveBeenCalled());
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(vi.mocked(updatePlant).mock.calls[0]![1]).not.toHaveProperty('shared');
    cleanup();

    vi.mocked(updatePlant).mockClear();
    serve({ ...PLANT, ownerUid: 'me', userEmail: 'me@example.test', shared: false }, null);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Update Plant' }));
    await waitFor(() => expect(updatePlant).toHaveBeenCalled());
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(vi.mocked(updatePlant).mock.calls[0]![1]).not.toHaveProperty('shared');
  });
});
