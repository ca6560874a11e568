import type { Plant } from '@model';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from '@/lib/api-client';
import { fakePlantApi, viewOf } from '@/test/fake-plant-api';
import { renderRoutes } from '@/test/render-route';
import * as route from './all-items';

vi.mock('@/lib/auth', () => {
  const user = { uid: 'u', email: 'a@b.test', displayName: 'A', photoURL: null };
  // currentUser too: a change here rereads the pages that show the plant, My Plants' loader among them.
  return { useAuth: () => ({ loading: false, user }), currentUser: async () => user };
});
vi.mock('@/lib/api-client');
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(), alertDialog: vi.fn(), preloadDialogs: () => {} }));

const plant = (
  id: string,
  plantName: string,
  category: string,
  healthStatus = 'Healthy',
  careLevel = 'easy',
): Plant => ({
  _id: id,
  plantName,
  category,
  careLevel,
  healthStatus,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderPage(path = '/dashboard/all-items') {
  return renderRoutes([{ path: '/dashboard/all-items', ...route }], path);
}

let api: ReturnType<typeof fakePlantApi>;
/** The server's paged GET /mango, answering from these plants (already in its A to Z order). */
function serve(plants: Plant[]) {
  api = fakePlantApi(plants);
  vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
}

describe('All Items', () => {
  beforeEach(() => {
    vi.mocked(apiFetch).mockReset();
  });

  it('lists every plant with its badges and actions, and asks the server to search name or category', async () => {
    serve([
      plant('a', 'Sweet Basil', 'Herbs', 'Needs Care', 'moderate'),
      plant('b', 'Meyer Lemon', 'Fruit'),
      plant('c', 'Lemon Balm', 'Herbs', 'Critical', 'difficult'),
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Sweet Basil', 'Meyer Lemon', 'Lemon Balm']);
    const basil = within(table).getAllByRole('row')[1]!;
    expect(within(basil).getByText('Needs Care')).toHaveClass('bg-amber-100');
    expect(within(basil).getByText('moderate')).toHaveClass('bg-amber-100');
    expect(within(within(table).getAllByRole('row')[2]!).getByText('Healthy')).toHaveClass('bg-green-100');
    expect(within(basil).getByRole('link', { name: 'Edit Sweet Basil' })).toHaveAttribute('href', '/update/a');
    expect(within(basil).getByRole('button', { name: 'Delete Sweet Basil' })).toBeEnabled();

    const search = screen.getByRole('searchbox', { name: 'Search items' });
    expect(search).toHaveAttribute('placeholder', 'Search items...');
    expect(screen.getByText('3 items.')).toBeVisible();
    await user.type(search, 'LEMON');
    expect(await screen.findByText('2 of 3 items match.')).toBeVisible();
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Meyer Lemon', 'Lemon Balm']);
    expect(viewOf(api.asked.at(-1)!)).toEqual({ q: 'LEMON', match: 'name-or-category', sort: 'plantName', dir: 'asc' });
    await user.clear(search);
    await user.type(search, 'herbs');
    await waitFor(() =>
      expect(
        within(table)
          .getAllByRole('rowheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Sweet Basil', 'Lemon Balm']),
    );
    expect(screen.getByText('2 of 3 items match.')).toBeVisible();
    await user.type(search, 'x');
    expect(await screen.findByText('No items found.')).toBeVisible();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps the search in the URL once typing pauses, so a link or a reload opens the same search', async () => {
    serve([plant('a', 'Sweet Basil', 'Herbs'), plant('b', 'Meyer Lemon', 'Fruit'), plant('c', 'Lemon Balm', 'Herbs')]);
    const user = userEvent.setup({ delay: null });
    const router = renderPage('/dashboard/all-items?q=lemon');
    expect(await screen.findByRole('searchbox', { name: 'Search items' })).toHaveValue('lemon');
    expect(await screen.findByText('2 items match.')).toBeVisible();
    expect(viewOf(api.asked[0]!)).toEqual({ q: 'lemon', match: 'name-or-category', sort: 'plantName', dir: 'asc' });

    await user.clear(screen.getByRole('searchbox', { name: 'Search items' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search items' }), 'basil');
    expect(await screen.findByText('1 of 3 items match.')).toBeVisible();
    expect(router.state.location.search).toBe('?q=basil');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it("says 'No items found.' when there are no plants at all", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText('No items found.')).toBeVisible();
  });

  it("shows a failed fetch as 'Error: Failed to fetch all items: ...' in a red box", async () => {
    vi.mocked(apiFetch).mockImplementation(() =>
      Promise.reject(
        new ApiError(
          503,
          'unavailable',
          'The plant database is not answering right now. Please try again in a moment.',
        ),
      ),
    );
    renderPage();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Error: Failed to fetch all items: The plant database is not answering right now. Please try again in a moment.',
    );
    expect(alert).toHaveClass('bg-red-50');
  });

  it("asks for 50 rows at a time, with 'Show more items'", async () => {
    serve(Array.from({ length: 51 }, (_, i) => plant(`p${i}`, `Item ${String(i).padStart(2, '0')}`, 'Herbs')));
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByText('Showing 50 of 51 items.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show more items' }));
    expect(await screen.findByRole('rowheader', { name: 'Item 50' })).toBeInTheDocument();
    expect(api.asked.at(-1)).toBe('/mango?sort=plantName&dir=asc&limit=50&cursor=50');
  }, 20_000);
  it("shows where each of the reader's own plants stands: the list is asked with the token", async () => {
    // Signed in, the list answers the reader's own plants with their owner's view (where each stands).
    api = fakePlantApi([
      { ...plant('a', 'Sweet Basil', 'Herbs'), place: { id: 'k', name: 'Kitchen', light: 'medium' } },
      plant('b', 'Meyer Lemon', 'Fruit'),
      { ...plant('c', 'Lemon Balm', 'Herbs'), place: null },
    ]);
    vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
    renderPage();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Image', 'Name', 'Category', 'Place', 'Care Level', 'Health Status', 'Actions']);
    const placeOf = (name: string) =>
      within(within(table).getByRole('row', { name: new RegExp(name) })).getAllByRole('cell')[2]!.textContent;
    expect(placeOf('Sweet Basil')).toBe('Kitchen');
    expect(placeOf('Lemon Balm')).toBe('—');
    expect(placeOf('Meyer Lemon')).toBe('—');
    expect(vi.mocked(apiFetch).mock.calls.map(([path, request]) => [path, request?.auth])).toEqual([
      ['/mango?sort=plantName&dir=asc&limit=50', 'required'],
    ]);
  });
});
