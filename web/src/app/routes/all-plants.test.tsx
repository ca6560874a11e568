import type { Plant } from '@model';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { allPlantsData } from '@/features/plants/lib/all-plants-loader';
import { apiFetch } from '@/lib/api-client';
import { fakePlantApi } from '@/test/fake-plant-api';
import { renderRoutes } from '@/test/render-route';
import * as route from './all-plants';

vi.mock('@/lib/api-client');

const plant = (id: string, plantName: string): Plant => ({
  _id: id,
  plantName,
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

describe('All Plants route', () => {
  it("reads the URL's view and the filter options in the loader, then each new view, and the options only once", async () => {
    const api = fakePlantApi([plant('1', 'Boston Fern'), plant('2', 'Jade Plant')]);
    vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
    const router = renderRoutes([{ path: '/allPlants', ...allPlantsData, ...route }], '/allPlants?category=fern');
    expect(await screen.findByText('Showing all 2 plants.')).toBeInTheDocument();
    // The loader's two requests, the page's first (index.html may have asked for both already).
    expect(api.asked).toEqual(['/mango?category=fern&sort=nextWateringDate&dir=asc&limit=12', '/mango/facets']);

    const user = userEvent.setup({ delay: null });
    await user.type(screen.getByLabelText('Search'), 'jade');
    expect(await screen.findByText('Showing 1 of 2 plants.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=jade&category=fern');
    expect(api.asked.slice(2)).toEqual(['/mango?q=jade&category=fern&sort=nextWateringDate&dir=asc&limit=12']);
  });
});
