import type { Plant } from '@model';
import { act, cleanup, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { useLoaderData } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { homeData, type HomeLoaderData } from '@/app/routes/home.data';
import { apiFetch } from '@/lib/api-client';
import { fakePlantApi } from '@/test/fake-plant-api';
import { renderRoutes } from '@/test/render-route';
import { HomeDueBanner } from '@/features/care/components/home-due-banner';

vi.mock('@/lib/api-client');
vi.mock('@/lib/auth', () => ({
  getAuthState: () => ({
    loading: false,
    user: { uid: 'u1', email: 'me@example.test', displayName: null, photoURL: null },
  }),
}));

const plant = (nextWateringDate: string, care: Plant['care'] = {}): Plant => ({
  _id: `${nextWateringDate}-${Object.keys(care).join()}`,
  plantName: 'Fern',
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  nextWateringDate,
  care,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const fertilizeOn = (nextDate: string): Plant['care'] => ({
  fertilize: { frequency: 'Monthly', lastDate: null, nextDate, intervalDays: 30 },
});

/** The server's answer arrives this long after the request, on the fake clock. */
const ANSWER_MS = 400;
let api: ReturnType<typeof fakePlantApi>;
/** The server's GET /mango/due, answering from these plants ANSWER_MS after each request, or failing with the error. */
function serveLater(result: Plant[] | Error) {
  api = fakePlantApi(result instanceof Error ? [] : result);
  vi.mocked(apiFetch).mockImplementation((path) => {
    // The home page's New Plants: none here.
    if (path.startsWith('/mango?limit=')) return Promise.resolve([] as never);
    return new Promise((resolve, reject) => {
      const answer = api.answer(path);
      setTimeout(() => (result instanceof Error ? reject(result) : resolve(answer as never)), ANSWER_MS);
    });
  });
}
/** The reminder's requests (the home page's own list apart). */
const asked = () => vi.mocked(apiFetch).mock.calls.filter(([path]) => path.startsWith('/mango/due')).length;

function Banner() {
  const { due } = useLoaderData() as HomeLoaderData;
  return <Suspense fallback={null}>{due && <HomeDueBanner plants={due} />}</Suspense>;
}

/** The reminder as the home page shows it, with the plants its route's loader reads for a signed-in user. */
async function renderBanner() {
  const before = asked();
  renderRoutes([{ path: '/', ...homeData, Component: Banner }], '/');
  // The loader's request leaves once its code is in (a dynamic import: real time, not the fake clock's).
  await act(async () => {
    while (asked() === before) await new Promise((resolve) => setImmediate(resolve));
  });
  return { container: document.body.firstElementChild as HTMLElement };
}

/** Moves the fake clock on and lets React handle what became due. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const banner = () => screen.queryByRole('region', { name: 'Care reminder' });

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
    vi.mocked(apiFetch).mockReset();
    sessionStorage.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('links to Today when plants need water today or are overdue, as soon as the answer lands', async () => {
    serveLater([plant('2026-03-08'), plant('2026-03-10'), plant('2026-03-11')]);
    await renderBanner();
    // Only the plants with a job due by today, in one indexed query.
    expect(api.asked.at(-1)).toBe('/mango/due?until=2026-03-10');
    await advance(ANSWER_MS - 1);
    expect(banner()).not.toBeInTheDocument();
    await advance(1);
    const link = screen.getByRole('link', { name: '2 plants need water today. See Today' });
    expect(link).toHaveAttribute('href', '/dashboard/today');
    expect(banner()).toBeInTheDocument();
  });

  it('says care when a plant has another job due, and counts each plant once', async () => {
    serveLater([
      plant('2026-03-20', fertilizeOn('2026-03-10')),
      plant('2026-03-09', fertilizeOn('2026-03-01')),
      plant('2026-03-12', fertilizeOn('2026-03-12')),
    ]);
    await renderBanner();
    await advance(ANSWER_MS);
    expect(screen.getByRole('link', { name: '2 plants need care today. See Today' })).toHaveAttribute(
      'href',
      '/dashboard/today',
    );
  });

  it('closes for the rest of the day', async () => {
    serveLater([plant('2026-03-10')]);
    await renderBanner();
    await advance(ANSWER_MS);
    act(() => screen.getByRole('button', { name: 'Dismiss the care reminder' }).click());
    expect(banner()).not.toBeInTheDocument();
    cleanup();

    await renderBanner();
    expect(asked()).toBe(2);
    await expectNoBannerThroughout();
  });

  it('shows nothing when nothing is due', async () => {
    serveLater([plant('2026-03-11')]);
    const { container } = await renderBanner();
    expect(asked()).toBe(1);
    await expectNoBannerThroughout();
    expect(container).toBeEmptyDOMElement();
  });

  it('shows nothing when the plants cannot be read', async () => {
    serveLater(new Error('offline'));
    const { container } = await renderBanner();
    expect(asked()).toBe(1);
    await expectNoBannerThroughout();
    expect(container).toBeEmptyDOMElement();
  });
});
