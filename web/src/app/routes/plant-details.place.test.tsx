import type { Plant } from '@model';
import { screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { plantDetailsData } from '@/app/routes/plant.data';
import { listPlantEvents } from '@/features/care/api/list-plant-events';
import { getPlant } from '@/features/plants/api/get-plant';
import { getSpecies } from '@/features/plants/api/get-species';
import { currentUser, useAuth } from '@/lib/auth';
import { renderRoutes } from '@/test/render-route';
import { aSpecies } from '@/test/species';
import * as route from './plant-details';

// Where a plant stands, on its page, and whether the light there suits its species.

vi.mock('@/features/plants/api/get-plant', () => ({ getPlant: vi.fn() }));
vi.mock('@/features/plants/api/get-species', async (original) => ({
  ...(await original<typeof import('@/features/plants/api/get-species')>()),
  getSpecies: vi.fn(),
}));
vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/features/care/api/list-plant-events', async (original) => ({
  ...(await original<typeof import('@/features/care/api/list-plant-events')>()),
  listPlantEvents: vi.fn(),
}));
vi.mock('@/lib/photos/list-photos', async (original) => ({
  ...(await original<typeof import('@/lib/photos/list-photos')>()),
  listPhotos: vi.fn(async () => []),
}));

const ME = { uid: 'owner-1', email: 'me@example.test', displayName: 'Me', photoURL: null };

const FIDDLE = aSpecies({
  _id: 'ficus-lyrata',
  scientificName: 'Ficus lyrata',
  commonNames: ['Fiddle-leaf fig'],
  family: 'Moraceae',
  careLevel: 'moderate',
});

/** The plant as a visitor sees it: no place, no owner. */
const PUBLIC: Plant = {
  _id: 'p1',
  plantName: 'Figgy',
  category: 'flowering',
  careLevel: 'moderate',
  healthStatus: 'Healthy',
  speciesId: 'ficus-lyrata',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

/** Visitors get `PUBLIC`; the signed-in view (`auth` 'required') is `view`. */
function serve(view: Plant | null) {
  vi.mocked(getPlant).mockImplementation(async (_id, _signal, auth) => {
    if (auth !== 'required') return PUBLIC;
    if (!view) throw new Error('not signed in');
    return view;
  });
}

function renderDetails() {
  return renderRoutes(
    [
      { path: '/plant/:id', ...plantDetailsData, ...route },
      { path: '/update/:id', element: <p>update page</p> },
    ],
    '/plant/p1',
  );
}

describe("a plant's page, its place", () => {
  beforeEach(() => {
    vi.mocked(currentUser).mockReset().mockResolvedValue(ME);
    vi.mocked(useAuth).mockReturnValue({ loading: false, user: ME });
    vi.mocked(getPlant).mockReset();
    vi.mocked(getSpecies).mockReset().mockResolvedValue(FIDDLE);
    vi.mocked(listPlantEvents).mockReset().mockResolvedValue([]);
  });

  it('says where it stands and, too dark there, what its species wants, with Move it to its update page', async () => {
    serve({
      ...PUBLIC,
      ownerUid: 'owner-1',
      place: { id: 'b', name: 'Bedroom', light: 'low' },
      lightFit: 'too-dark',
    });
    renderDetails();
    expect((await screen.findByText('Place:')).parentElement).toHaveTextContent('Place: Bedroom');
    const warning = await screen.findByText(
      /^Too dark here for a Fiddle-leaf fig: it wants bright, indirect light, and Bedroom gets low light\./,
    );
    expect(warning).toBeVisible();
    expect(screen.getByRole('link', { name: 'Move it' })).toHaveAttribute('href', '/update/p1');
  });

  it('says too bright', async () => {
    serve({
      ...PUBLIC,
      ownerUid: 'owner-1',
      place: { id: 'g', name: 'Greenhouse', light: 'full-sun' },
      lightFit: 'too-bright',
    });
    renderDetails();
    expect(
      await screen.findByText(
        /^Too bright here for a Fiddle-leaf fig: it wants bright, indirect light, and Greenhouse gets full sun\./,
      ),
    ).toBeVisible();
  });

  it('says "Not set" for a plant that stands nowhere', async () => {
    serve({ ...PUBLIC, ownerUid: 'owner-1', place: null, lightFit: null });
    renderDetails();
    expect((await screen.findByText('Place:')).parentElement).toHaveTextContent('Place: Not set');
    expect(screen.queryByText(/Too (dark|bright) here/)).not.toBeInTheDocument();
  });

  it('gives no warning when the light suits the species', async () => {
    serve({
      ...PUBLIC,
      ownerUid: 'owner-1',
      place: { id: 'l', name: 'Living room', light: 'bright-indirect' },
      lightFit: 'ok',
    });
    renderDetails();
    expect(await screen.findByText('Living room')).toBeVisible();
    await screen.findByText('Fiddle-leaf fig');
    expect(screen.queryByText(/Too (dark|bright) here/)).not.toBeInTheDocument();
  });

  it('offers no Move it to someone who may not edit the plant (a sitter)', async () => {
    serve({
      ...PUBLIC,
      ownerUid: 'someone-else',
      may: ['view', 'care'],
      userName: 'Rosa',
      place: { id: 'b', name: 'Bedroom', light: 'low' },
      lightFit: 'too-dark',
    });
    renderDetails();
    expect(await screen.findByText(/^Too dark here for a Fiddle-leaf fig/)).toBeVisible();
    expect(screen.queryByRole('link', { name: 'Move it' })).not.toBeInTheDocument();
  });

  it('shows no place to a visitor, whose view does not say where a plant stands', async () => {
    vi.mocked(currentUser).mockResolvedValue(null);
    vi.mocked(useAuth).mockReturnValue({ loading: false, user: null });
    serve(null);
    renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Figgy' })).toBeVisible();
    expect(await screen.findByText('Fiddle-leaf fig')).toBeVisible();
    expect(screen.queryByText('Place:')).not.toBeInTheDocument();
  });
});
