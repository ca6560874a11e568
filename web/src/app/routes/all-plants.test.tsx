import type { Plant } from '@model';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { listPlants } from '@/features/plants/api/list-plants';
import { allPlantsLoader, allPlantsShouldRevalidate } from '@/features/plants/lib/all-plants-loader';
import * as route from './all-plants';

vi.mock('@/features/plants/api/list-plants', () => ({ listPlants: vi.fn() }));

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
  it('asks for the plants once, in the loader, and not again when the view changes', async () => {
    vi.mocked(listPlants).mockResolvedValue([plant('1', 'Boston Fern'), plant('2', 'Jade Plant')]);
    const router = createMemoryRouter([{ path: '/allPlants', loader: allPlantsLoader, shouldRevalidate: allPlantsShouldRevalidate, ...route }], { initialEntries: ['/allPlants'] });
    render(<RouterProvider router={router} />);
    expect(await screen.findByText('Showing all 2 plants.')).toBeInTheDocument();
    expect(listPlants).toHaveBeenCalledTimes(1);

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Search'), 'jade');
    await user.click(screen.getByRole('button', { name: 'Plant Name' }));
    expect(await screen.findByText('Showing 1 of 2 plants.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=jade&sort=plantName&dir=asc');
    expect(listPlants).toHaveBeenCalledTimes(1);
  });
});
