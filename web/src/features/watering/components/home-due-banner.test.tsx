import type { Plant } from '@model';
import { act, render, screen } from '@testing-library/react';
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

/** The server's answer arrives this long after the request, on the fake clock. */
const ANSWER_MS = 400;
const answerLater = (result: Plant[] | Error) => () =>
  new Promise<Plant[]>((resolve, reject) => setTimeout(() => (result instanceof Error ? reject(result) : resolve(result)), ANSWER_MS));
/** Moves the fake clock on and lets React handle what became due. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const banner = () => screen.queryByRole('region', { name: 'Watering reminder' });

/** Checks the banner is absent before the answer, when it lands, and for a long while after. */
async function expectNoBannerThroughout() {
  expect(banner(), 'before the answer').not.toBeInTheDocument();
  await advance(ANSWER_MS - 1);
  expect(banner(), 'just before the answer').not.toBeInTheDocument();
  await advance(1);
  expect(banner(), 'as the answer lands').not.toBeInTheDocument();
  await advance(60_000);
  expect(banner(), 'a minute later').not.toBeInTheDocument();
}

describe('HomeDueBanner', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date', 'setTimeout', 'clearTimeout'] });
    vi.setSystemTime(new Date(2026, 2, 10, 8, 0));
    vi.mocked(listMyPlants).mockReset();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('links to Today when plants are due today or overdue, as soon as the answer lands', async () => {
    vi.mocked(listMyPlants).mockImplementation(answerLater([plant('2026-03-08'), plant('2026-03-10'), plant('2026-03-11')]));
    renderBanner();
    expect(listMyPlants).toHaveBeenCalledWith('me@example.test', expect.any(AbortSignal));
    await advance(ANSWER_MS - 1);
    expect(banner()).not.toBeInTheDocument();
    await advance(1);
    const link = screen.getByRole('link', { name: '2 plants need water today. See Today' });
    expect(link).toHaveAttribute('href', '/dashboard/today');
    expect(banner()).toBeInTheDocument();
  });

  it('closes for the rest of the day', async () => {
    vi.mocked(listMyPlants).mockImplementation(answerLater([plant('2026-03-10')]));
    const { unmount } = renderBanner();
    await advance(ANSWER_MS);
    act(() => screen.getByRole('button', { name: 'Dismiss the watering reminder' }).click());
    expect(banner()).not.toBeInTheDocument();
    unmount();

    renderBanner();
    expect(listMyPlants).toHaveBeenCalledTimes(2);
    await expectNoBannerThroughout();
  });

  it('shows nothing when nothing is due', async () => {
    vi.mocked(listMyPlants).mockImplementation(answerLater([plant('2026-03-11')]));
    const { container } = renderBanner();
    expect(listMyPlants).toHaveBeenCalledTimes(1);
    await expectNoBannerThroughout();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing when the plants cannot be read', async () => {
    vi.mocked(listMyPlants).mockImplementation(answerLater(new Error('offline')));
    const { container } = renderBanner();
    expect(listMyPlants).toHaveBeenCalledTimes(1);
    await expectNoBannerThroughout();
    expect(container).toBeEmptyDOMElement();
  });
});
