import type { Plant } from '@model';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { listPlants } from '@/features/plants/api/list-plants';
import { ApiError } from '@/lib/api-client';
import { Component as AllItems } from './all-items';

vi.mock('@/lib/auth', () => ({ useAuth: () => ({ loading: false, user: { uid: 'u', email: 'a@b.test', displayName: 'A', photoURL: null } }) }));
vi.mock('@/features/plants/api/list-plants', () => ({ listPlants: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(), alertDialog: vi.fn(), preloadDialogs: () => {} }));

const plant = (id: string, plantName: string, category: string, healthStatus = 'Healthy', careLevel = 'easy'): Plant => ({
  _id: id,
  plantName,
  category,
  careLevel,
  healthStatus,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderPage() {
  const router = createMemoryRouter([{ path: '/dashboard/all-items', element: <AllItems /> }], { initialEntries: ['/dashboard/all-items'] });
  render(<RouterProvider router={router} />);
}

describe('All Items', () => {
  beforeEach(() => {
    vi.mocked(listPlants).mockReset();
  });

  it('lists every plant with its badges and actions, and searches name or category', async () => {
    vi.mocked(listPlants).mockResolvedValue([
      plant('a', 'Sweet Basil', 'Herbs', 'Needs Care', 'moderate'),
      plant('b', 'Meyer Lemon', 'Fruit'),
      plant('c', 'Lemon Balm', 'Herbs', 'Critical', 'difficult'),
    ]);
    const user = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Sweet Basil', 'Meyer Lemon', 'Lemon Balm']);
    const basil = within(table).getAllByRole('row')[1]!;
    expect(within(basil).getByText('Needs Care')).toHaveClass('bg-amber-100');
    expect(within(basil).getByText('moderate')).toHaveClass('bg-amber-100');
    expect(within(within(table).getAllByRole('row')[2]!).getByText('Healthy')).toHaveClass('bg-green-100');
    expect(within(basil).getByRole('link', { name: 'Edit Sweet Basil' })).toHaveAttribute('href', '/update/a');
    expect(within(basil).getByRole('button', { name: 'Delete Sweet Basil' })).toBeEnabled();

    const search = screen.getByRole('searchbox', { name: 'Search items' });
    expect(search).toHaveAttribute('placeholder', 'Search items...');
    await user.type(search, 'LEMON');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Meyer Lemon', 'Lemon Balm']);
    expect(screen.getByText('2 of 3 items match.')).toBeVisible();
    await user.clear(search);
    await user.type(search, 'herbs');
    expect(within(table).getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Sweet Basil', 'Lemon Balm']);
    await user.type(search, 'x');
    expect(screen.getByText('No items found.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it("says 'No items found.' when there are no plants at all", async () => {
    vi.mocked(listPlants).mockResolvedValue([]);
    renderPage();
    expect(await screen.findByText('No items found.')).toBeVisible();
  });

  it("shows a failed fetch as 'Error: Failed to fetch all items: ...' in a red box", async () => {
    vi.mocked(listPlants).mockImplementation(() => Promise.reject(new ApiError(503, 'unavailable', 'The plant database is not answering right now. Please try again in a moment.')));
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error: Failed to fetch all items: The plant database is not answering right now. Please try again in a moment.');
    expect(alert).toHaveClass('bg-red-50');
  });
});
