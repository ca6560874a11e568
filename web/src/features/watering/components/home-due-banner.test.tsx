import type { Plant } from '@model';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { listMyPlants } from '@/features/plants/api/list-my-plants';
import { HomeDueBanner } from './home-due-banner';

vi.mock('@/features/plants/api/list-my-plants', () => ({ listMyPlants: vi.fn() }));

const plant = (nextWateringDate: string): Plant => ({
  _id: nextWateringDate,
  plantName: 'Fern',
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  nextWateringDate,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderBanner() {
  const router = createMemoryRouter([{ path: '/', element: <HomeDueBanner email="me@example.test" /> }]);
  return render(<RouterProvider router={router} />);
}

describe('HomeDueBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 8, 0));
    vi.mocked(listMyPlants).mockReset();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('links to Today when plants are due today or overdue', async () => {
    vi.mocked(listMyPlants).mockResolvedValue([plant('2026-03-08'), plant('2026-03-10'), plant('2026-03-11')]);
    renderBanner();
    const link = await screen.findByRole('link', { name: '2 plants need water today. See Today' });
    expect(link).toHaveAttribute('href', '/dashboard/today');
    expect(screen.getByRole('region', { name: 'Watering reminder' })).toBeInTheDocument();
    expect(listMyPlants).toHaveBeenCalledWith('me@example.test', expect.any(AbortSignal));
  });

  it('closes for the rest of the day', async () => {
    const user = userEvent.setup();
    vi.mocked(listMyPlants).mockResolvedValue([plant('2026-03-10')]);
    const { unmount } = renderBanner();
    await user.click(await screen.findByRole('button', { name: 'Dismiss the watering reminder' }));
    expect(screen.queryByRole('region', { name: 'Watering reminder' })).not.toBeInTheDocument();
    unmount();
    renderBanner();
    // Let the request settle: the banner must stay closed after it.
    await act(async () => {});
    expect(listMyPlants).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('region', { name: 'Watering reminder' })).not.toBeInTheDocument();
  });

  it('shows nothing when nothing is due, or when the plants cannot be read', async () => {
    vi.mocked(listMyPlants).mockResolvedValue([plant('2026-03-11')]);
    const { container, unmount } = renderBanner();
    await act(async () => {});
    expect(listMyPlants).toHaveBeenCalled();
    expect(container).toBeEmptyDOMElement();
    unmount();
    vi.mocked(listMyPlants).mockRejectedValue(new Error('offline'));
    const second = renderBanner();
    await act(async () => {});
    expect(listMyPlants).toHaveBeenCalledTimes(2);
    expect(second.container).toBeEmptyDOMElement();
  });
});
