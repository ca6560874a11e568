import type { Plant } from '@model';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { allPlantsLoader, allPlantsShouldRevalidate } from '@/features/plants/lib/all-plants-loader';
import { apiFetch } from '@/lib/api-client';
import { fakePlantApi } from '@/test/fake-plant-api';
import * as route from './all-plants';

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<typeof import('@/lib/api-client')>()), apiFetch: vi.fn() }));

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
  it("starts the URL's view and the filter options in the loader, and the page asks for each new view itself", async () => {
    const api = fakePlantApi([plant('1', 'Boston Fern'), plant('2', 'Jade Plant')]);
    vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
    const router = createMemoryRouter([{ path: '/allPlants', loader: allPlantsLoader, shouldRevalidate: allPlantsShouldRevalidate, ...route }], {
      initialEntries: ['/allPlants?category=fern'],
    });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Showing all 2 plants.')).toBeInTheDocument();
    // The loader's two requests, taken by the page: nothing asked twice.
    expect(api.asked).toEqual(['/mango?category=fern&sort=nextWateringDate&dir=asc&limit=12', '/mango/facets']);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'jade');
    expect(await screen.findByText('Showing 1 of 2 plants.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=jade&category=fern');
    expect(api.asked.slice(2)).toEqual(['/mango?q=jade&category=fern&sort=nextWateringDate&dir=asc&limit=12']);
  });
});
