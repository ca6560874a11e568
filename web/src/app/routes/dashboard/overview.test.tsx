import { statFigure, type DashboardStats } from '@model';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getStats } from '@/features/dashboard/api/get-stats';
import { ApiError } from '@/lib/api-client';
import { renderRoutes } from '@/test/render-route';
import * as route from './overview';

vi.mock('@/lib/auth', () => ({
  useAuth: () => ({
    loading: false,
    user: { uid: 'u', email: 'rosa@example.test', displayName: null, photoURL: null },
  }),
}));
vi.mock('@/features/dashboard/api/get-stats', () => ({ getStats: vi.fn(), STATS_PATH: '/mango/stats' }));

function renderPage() {
  renderRoutes([{ path: '/dashboard', ...route }], '/dashboard');
}

const STATS: DashboardStats = {
  totalPlants: statFigure(120, 100),
  categories: { ...statFigure(6, 6), known: 8 },
  activity: statFigure(7, 10),
  mine: {
    plants: statFigure(4, 3),
    healthyPlants: 3,
    recentActivity: [{ _id: 'e', type: 'added', plantId: 'p', plantName: 'Sweet Basil', at: new Date().toISOString() }],
  },
};

describe('Overview', () => {
  beforeEach(() => {
    vi.mocked(getStats).mockReset();
  });

  it('shows the four figures with their trends, the user and the recent activity', async () => {
    vi.mocked(getStats).mockResolvedValue(STATS);
    renderPage();
    await screen.findByRole('article', { name: 'Total Items' });
    const cards = ['Total Items', 'My Items', 'Categories', 'Activity'].map((name) =>
      screen.getByRole('article', { name }),
    );
    expect(await within(cards[0]!).findByText('120')).toBeVisible();
    expect(cards.map((card) => card.textContent)).toEqual([
      'Total Items120+20% from last week',
      'My Items4+33% from last week',
      'Categories6of 8No change from last week',
      'Activity7-30% from last week',
    ]);
    const info = screen.getByRole('region', { name: 'Logged-in User Information' });
    expect(info).toHaveTextContent('NameN/A');
    expect(info).toHaveTextContent('Emailrosa@example.test');
    expect(within(screen.getByRole('region', { name: 'Recent Activity' })).getByRole('listitem')).toHaveTextContent(
      'Added Sweet Basiljust now',
    );
  });

  it("shows a failure as 'Error: {message}'", async () => {
    vi.mocked(getStats).mockImplementation(() =>
      Promise.reject(
        new ApiError(
          503,
          'unavailable',
          'The plant database is not answering right now. Please try again in a moment.',
        ),
      ),
    );
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Error: Failed to fetch total items: The plant database is not answering right now. Please try again in a moment.',
    );
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });
});
