import type { Plant } from '@model';
import { addDays, localToday } from '@model/schedule';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { doCareJob } from '@/features/care/api/do-care-job';
import { toast } from '@/lib/toast';
import { ApiError, apiFetch } from '@/lib/api-client';
import { fakePlantApi } from '@/test/fake-plant-api';
import { renderRoutes } from '@/test/render-route';
import { neverAnswered } from '@/test/run-loader';
import type { AuthState } from '@/lib/auth';
import * as route from './my-items';

let authState: AuthState;
vi.mock('@/lib/auth', () => ({ useAuth: () => authState, currentUser: async () => authState.user }));
vi.mock('@/lib/api-client');
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(), alertDialog: vi.fn(), preloadDialogs: () => {} }));
vi.mock('@/features/care/api/do-care-job', () => ({ doCareJob: vi.fn() }));
vi.mock('@/lib/toast');

const plant = (id: string, plantName: string, healthStatus: string, extra: Partial<Plant> = {}): Plant => ({
  _id: id,
  plantName,
  category: 'Herbs',
  careLevel: 'easy',
  healthStatus,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...extra,
});

function renderPage() {
  renderRoutes(
    [
      { path: '/dashboard/my-items', ...route },
      { path: '/dashboard/add-item', element: <p>add item page</p> },
    ],
    '/dashboard/my-items',
  );
}

let api: ReturnType<typeof fakePlantApi>;
/** The server: the user's plants a page at a time, and the counts of GET /mango/stats `mine`. */
function serve(plants: Plant[]) {
  api = fakePlantApi(plants);
  vi.mocked(apiFetch).mockImplementation((path) => {
    if (path !== '/mango/stats') return api.answer(path) as never;
    const healthy = plants.filter((p) => p.healthStatus === 'Healthy').length;
    return Promise.resolve({
      mine: { plants: { value: plants.length }, healthyPlants: healthy, recentActivity: [] },
    }) as never;
  });
}

const summary = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;

describe('My Items', () => {
  beforeEach(() => {
    authState = {
      loading: false,
      user: { uid: 'u', email: 'rosa@example.test', displayName: 'Rosa Green', photoURL: null },
    };
    vi.mocked(apiFetch).mockReset();
  });

  it("asks for the user's own plants with their email, under '<name>'s Plants'", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("Rosa Green's Plants");
    await screen.findByText('No plants yet');
    expect(api.asked).toEqual(['/mango?email=rosa%40example.test&sort=plantName&dir=asc&limit=100']);
  });

  it('titles the page with the email when there is no display name', async () => {
    authState = { loading: false, user: { uid: 'u', email: 'rosa@example.test', displayName: null, photoURL: null } };
    vi.mocked(apiFetch).mockImplementation(neverAnswered);
    renderPage();
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent("rosa@example.test's Plants");
  });

  it('filters by the tabs, counts the summary cards over all plants (the server counts them), and shows the card details', async () => {
    serve([
      plant('a', 'Sweet Basil', 'Healthy', {
        wateringFrequency: 'Every 2 days',
        nextWateringDate: '2026-06-01',
        careLevel: 'moderate',
        description: 'Pinch the tips.',
      }),
      plant('b', 'Lemon Balm', 'Needs Care'),
      plant('c', 'Sage', 'Critical', { image: 'javascript:alert(1)' }),
    ]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    const panel = await screen.findByRole('tabpanel', { name: 'All' });
    expect(
      within(panel)
        .getAllByRole('article')
        .map((card) => card.getAttribute('aria-labelledby') && within(card).getByRole('heading').textContent),
    ).toEqual(['Sweet Basil', 'Lemon Balm', 'Sage']);
    expect(summary('Total Plants')).toHaveTextContent('3');
    expect(summary('Healthy Plants')).toHaveTextContent('1');
    expect(summary('Needs Attention')).toHaveTextContent('2');

    const basil = within(panel).getByRole('article', { name: 'Sweet Basil' });
    expect(basil).toHaveTextContent('Every 2 days');
    expect(basil).toHaveTextContent('Jun 1, 2026');
    expect(within(basil).getByText('Pinch the tips.')).toHaveClass('line-clamp-3');
    expect(within(basil).getByRole('img', { name: 'Sweet Basil' })).toHaveAttribute(
      'src',
      '/images/placeholder-plant.svg',
    );
    expect(within(panel).getByRole('article', { name: 'Lemon Balm' })).toHaveTextContent('Not set');
    // An unsafe image URL is never requested.
    expect(within(panel).getByRole('img', { name: 'Sage' })).toHaveAttribute('src', '/images/placeholder-plant.svg');

    await user.click(screen.getByRole('tab', { name: 'Healthy' }));
    expect(within(screen.getByRole('tabpanel')).getAllByRole('article')).toHaveLength(1);
    await user.click(screen.getByRole('tab', { name: 'Needs Care' }));
    expect(
      within(screen.getByRole('tabpanel'))
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['Lemon Balm', 'Sage']);
    expect(summary('Total Plants')).toHaveTextContent('3');
  });

  it("says 'No plants match your filter' when a tab is empty", async () => {
    serve([plant('a', 'Sweet Basil', 'Healthy')]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByRole('article', { name: 'Sweet Basil' });
    await user.click(screen.getByRole('tab', { name: 'Needs Care' }));
    expect(screen.getByRole('tabpanel')).toHaveTextContent('No plants match your filter');
  });

  it("invites a user without plants with 'Add Your First Plant'", async () => {
    serve([]);
    const user = userEvent.setup({ delay: null });
    renderPage();
    await screen.findByText('No plants yet');
    expect(screen.getByRole('link', { name: 'Add New' })).toHaveAttribute('href', '/dashboard/add-item');
    await user.click(screen.getByRole('link', { name: 'Add Your First Plant' }));
    expect(await screen.findByText('add item page')).toBeVisible();
  });

  it("shows a failed fetch as 'Error: Failed to fetch items: ...'", async () => {
    vi.mocked(apiFetch).mockImplementation(() =>
      Promise.reject(new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.')),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Failed to fetch items: Could not reach the server. Check your connection and try again.',
    );
  });

  it("shows each card's nearest job of watering and its care tasks, from the list's answer alone", async () => {
    const today = localToday();
    const schedule = (nextDate: string) => ({
      frequency: 'Every 2 months',
      lastDate: null,
      nextDate,
      intervalDays: 60,
    });
    serve([
      plant('a', 'Aloe', 'Healthy', {
        nextWateringDate: addDays(today, 9),
        care: { fertilize: schedule(addDays(today, 2)) },
      }),
      plant('b', 'Basil', 'Healthy', {
        nextWateringDate: addDays(today, 4),
        care: { mist: schedule(addDays(today, -3)) },
      }),
    ]);
    renderPage();
    expect(
      within(await screen.findByRole('article', { name: 'Aloe' })).getByText('Fertilize due in 2 days'),
    ).toHaveClass('bg-green-100');
    expect(within(screen.getByRole('article', { name: 'Basil' })).getByText('Mist overdue by 3 days')).toHaveClass(
      'bg-red-100',
    );
    expect(api.asked).toHaveLength(1);
  });

  it("shows each card's due badge, and Watered moves it at once", async () => {
    const user = userEvent.setup({ delay: null });
    serve([
      plant('a', 'Sweet Basil', 'Healthy', { nextWateringDate: '2000-01-01', wateringFrequency: 'Every 2 days' }),
    ]);
    vi.mocked(doCareJob).mockResolvedValue(
      plant('a', 'Sweet Basil', 'Healthy', { nextWateringDate: '2999-01-03', lastWateredDate: '2999-01-01' }),
    );
    renderPage();
    const card = await screen.findByRole('article', { name: 'Sweet Basil' });
    expect(within(card).getByText(/^Water overdue by \d+ days$/)).toHaveClass('bg-red-100');
    await user.click(within(card).getByRole('button', { name: 'Watered Sweet Basil' }));
    expect(await within(card).findByText(/^Water due in \d+ days$/)).toHaveClass('bg-green-100');
    expect(doCareJob).toHaveBeenCalledWith(
      'a',
      'water',
      expect.stringMatching(/^\d{4}-\d\d-\d\d$/),
      expect.any(String),
    );
    expect(toast.success).toHaveBeenCalledWith('Watered Sweet Basil', expect.anything());
  });

  // Two hundred rows in jsdom take seconds on a busy machine: the test's bound is against a hang only.
  it("asks for 100 plants at a time, with 'Show more plants', while the summary counts them all", async () => {
    const many = Array.from({ length: 101 }, (_, i) =>
      plant(`p${i}`, `Herb ${String(i).padStart(3, '0')}`, i % 4 ? 'Healthy' : 'Needs Care'),
    );
    serve(many);
    const user = userEvent.setup({ delay: null });
    renderPage();
    // A hundred cards come in a React transition (the router's), which jsdom renders in slices. Queries by role work
    // out every element's visibility from computed styles at each DOM change, seconds on 100 cards: text here.
    await waitFor(() => expect(document.body).toHaveTextContent('Showing 100 of 101 plants.'), { timeout: 10_000 });
    expect(summary('Total Plants')).toHaveTextContent('101');
    expect(summary('Healthy Plants')).toHaveTextContent('75');
    expect(summary('Needs Attention')).toHaveTextContent('26');
    await user.click(screen.getByText('Show more plants', { selector: 'button' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Herb 100'), { timeout: 10_000 });
    expect(api.asked.at(-1)).toBe('/mango?email=rosa%40example.test&sort=plantName&dir=asc&limit=100&cursor=100');
  }, 30_000);
});
