import type { Plant } from '@model';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';
import { fakePlantApi } from '@/test/fake-plant-api';
import { HomeDueBanner } from './home-due-banner';

vi.mock('@/lib/api-client', async (original) => ({ ...(await original<typeof import('@/lib/api-client')>()), apiFetch: vi.fn() }));

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

let api: ReturnType<typeof fakePlantApi>;
/** The server's GET /mango?email=&sort=nextWateringDate, answering from these plants (in date order). */
function serve(plants: Plant[]) {
  api = fakePlantApi(plants);
  vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
}
const asked = () => vi.mocked(apiFetch).mock.calls.length;

function renderBanner() {
  const router = createMemoryRouter([{ path: '/', element: <HomeDueBanner email="me@example.test" /> }]);
  return render(<RouterProvider router={router} />);
}

describe('HomeDueBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 8, 0));
    vi.mocked(apiFetch).mockReset();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('links to Today when plants are due today or overdue', async () => {
    serve([plant('2026-03-08'), plant('2026-03-10'), plant('2026-03-11')]);
    renderBanner();
    const link = await screen.findByRole('link', { name: '2 plants need water today. See Today' });
    expect(link).toHaveAttribute('href', '/dashboard/today');
    expect(screen.getByRole('region', { name: 'Watering reminder' })).toBeInTheDocument();
    expect(api.asked.at(-1)).toBe('/mango?email=me%40example.test&sort=nextWateringDate&dir=asc&limit=100');
  });

  it('closes for the rest of the day', async () => {
    const user = userEvent.setup();
    serve([plant('2026-03-10')]);
    const { unmount } = renderBanner();
    await user.click(await screen.findByRole('button', { name: 'Dismiss the watering reminder' }));
    expect(screen.queryByRole('region', { name: 'Watering reminder' })).not.toBeInTheDocument();
    unmount();
    renderBanner();
    // Let the request settle: the banner must stay closed after it.
    await act(async () => {});
    expect(asked()).toBe(2);
    expect(screen.queryByRole('region', { name: 'Watering reminder' })).not.toBeInTheDocument();
  });

  it('shows nothing when nothing is due, or when the plants cannot be read', async () => {
    serve([plant('2026-03-11')]);
    const { container, unmount } = renderBanner();
    await act(async () => {});
    expect(asked()).toBe(1);
    expect(container).toBeEmptyDOMElement();
    unmount();
    vi.mocked(apiFetch).mockRejectedValue(new Error('offline'));
    const second = renderBanner();
    await act(async () => {});
    expect(asked()).toBe(2);
    expect(second.container).toBeEmptyDOMElement();
  });
});
