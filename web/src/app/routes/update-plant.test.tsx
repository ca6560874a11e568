import type { Plant } from '@model';
import type { Household } from '@model/household';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPlant } from '@/features/plants/api/get-plant';
import { updatePlant } from '@/features/plants/api/update-plant';
import type { Place } from '@/features/places/types';
import { ApiError, apiFetch, type ApiRequest } from '@/lib/api-client';
import { currentUser, useAuth } from '@/lib/auth';
import { renderRoutes } from '@/test/render-route';
import { plantData } from './plant.data';
import * as route from './update-plant';

vi.mock('@/lib/api-client');
vi.mock('@/features/plants/api/get-plant', () => ({ getPlant: vi.fn() }));
vi.mock('@/features/plants/api/update-plant', () => ({ updatePlant: vi.fn() }));
vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(async () => undefined), preloadDialogs: vi.fn() }));
vi.mock('@/lib/toast');

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

/**
 * The visitor's view, and the signed-in one (the owner's view: with ownerUid and `shared`), the
 * user's household and places (a failed read without them).
 */
function serve(view: Plant, household: Household | null, places?: Place[]) {
  vi.mocked(getPlant).mockImplementation(async (_id, _signal, auth) => (auth === 'none' ? PLANT : view));
  vi.mocked(apiFetch).mockImplementation(async (path, { method = 'GET', body }: ApiRequest = {}) => {
    if (path === '/mango/places?plantCount=false' && places && method === 'GET')
      return { places: places.map(({ plantCount: _count, ...place }) => place) } as never;
    if (path === '/mango/places' && places && method === 'POST') {
      const { name, light } = body as { name: string; light: Place['light'] };
      return { id: 'new-place', name, light, outdoor: false, order: 9, shared: false, plantCount: 0 } as never;
    }
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

describe('Update Plant: the Place box', () => {
  const places: Place[] = [
    { id: 'k', name: 'Kitchen', light: 'medium', outdoor: false, order: 1, shared: false, plantCount: 1 },
    { id: 'b', name: 'Bedroom', light: 'low', outdoor: false, order: 2, shared: false, plantCount: 0 },
  ];
  const mine: Plant = {
    ...PLANT,
    ownerUid: 'me',
    userEmail: 'me@example.test',
    place: { id: 'k', name: 'Kitchen', light: 'medium' },
  };

  beforeEach(() => {
    vi.mocked(currentUser).mockResolvedValue(ME);
    vi.mocked(useAuth).mockReturnValue({ loading: false, user: ME });
    vi.mocked(updatePlant).mockReset().mockResolvedValue({ modifiedCount: 1 });
    vi.mocked(apiFetch).mockReset();
  });

  it('offers the owner their places, starting from where the plant stands, and sends the one chosen', async () => {
    serve(mine, null, places);
    const user = userEvent.setup({ delay: null });
    renderPage();
    const box = await screen.findByRole('combobox', { name: 'Place' });
    expect(box).toHaveValue('k');
    await user.selectOptions(box, 'Bedroom');
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    await waitFor(() => expect(updatePlant).toHaveBeenCalled());
    expect(vi.mocked(updatePlant).mock.calls[0]).toEqual(['p1', expect.objectContaining({ placeId: 'b' })]);
  });

  it('makes a new place through POST /mango/places and moves the plant there', async () => {
    serve(mine, null, places);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Place' }), 'A new place...');
    await user.type(screen.getByRole('textbox', { name: "New place's name" }), 'Balcony');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Light there' }), 'Full sun');
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    await waitFor(() => expect(updatePlant).toHaveBeenCalled());
    expect(apiFetch).toHaveBeenCalledWith('/mango/places', {
      method: 'POST',
      body: { name: 'Balcony', light: 'full-sun' },
      auth: 'required',
    });
    expect(vi.mocked(updatePlant).mock.calls[0]![1]).toMatchObject({ placeId: 'new-place' });
  });

  it("offers no Place box to a household member editing someone else's plant, nor when the places cannot be read", async () => {
    serve({ ...mine, ownerUid: 'ana', userName: 'Ana' }, HOUSEHOLD, places);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Update Plant' }));
    await waitFor(() => expect(updatePlant).toHaveBeenCalled());
    expect(screen.queryByRole('combobox', { name: 'Place' })).not.toBeInTheDocument();
    expect(vi.mocked(updatePlant).mock.calls[0]![1]).not.toHaveProperty('placeId');
    cleanup();

    vi.mocked(updatePlant).mockClear();
    serve(mine, null);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Update Plant' }));
    await waitFor(() => expect(updatePlant).toHaveBeenCalled());
    expect(screen.queryByRole('combobox', { name: 'Place' })).not.toBeInTheDocument();
    expect(vi.mocked(updatePlant).mock.calls[0]![1]).not.toHaveProperty('placeId');
  });
});
