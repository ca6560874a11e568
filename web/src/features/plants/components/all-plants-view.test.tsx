import type { Plant } from '@model';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLoaderData } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from '@/lib/api-client';
import { announceUpdatedAnswer } from '@/lib/server-state';
import { SEARCH_DEBOUNCE_MS } from '@/lib/use-search-text';
import { fakePlantApi, viewOf } from '@/test/fake-plant-api';
import { renderRoutes } from '@/test/render-route';
import { allPlantsData, type AllPlantsLoaderData } from '../lib/all-plants-loader';
import { PAGE_SIZE } from '../lib/plant-query';
import { AllPlantsView } from './all-plants-view';

vi.mock('@/lib/api-client');

const plant = (
  id: string,
  plantName: string,
  category: string,
  careLevel: string,
  nextWateringDate?: string,
  image?: string,
): Plant => ({
  _id: id,
  plantName,
  category,
  careLevel,
  healthStatus: 'Healthy',
  wateringFrequency: 'Weekly',
  nextWateringDate,
  image,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

// In the order the server answers the default view: next watering date, soonest first, undated last.
const PLANTS = [
  plant('2', 'Jade Plant', 'succulent', 'easy', '2026-03-02'),
  plant('1', 'Boston Fern', 'fern', 'moderate', '2026-03-05', '/images/plants/boston-fern.webp'),
  plant('4', 'Echeveria', 'succulent', 'Easy', '2026-03-09'),
  plant('3', 'Maidenhair Fern', 'fern', 'difficult'),
];

let api: ReturnType<typeof fakePlantApi>;

function serve(plants: readonly Plant[], options?: Parameters<typeof fakePlantApi>[1]) {
  api = fakePlantApi(plants, options);
  vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
}

function Page() {
  return <AllPlantsView data={useLoaderData() as AllPlantsLoaderData} />;
}

/** All Plants with its loader, as the router runs it. */
function renderPage(url = '/allPlants') {
  return renderRoutes([{ path: '/allPlants', ...allPlantsData, Component: Page }], url);
}

const cardNames = () =>
  within(screen.getByRole('list', { name: 'Plants' }))
    .getAllByRole('heading', { level: 2 })
    .map((h) => h.textContent);
/** The views the page asked the server for, in order (facets apart). */
const views = () => api.asked.filter((path) => path.startsWith('/mango?')).map(viewOf);

describe('AllPlantsView', () => {
  beforeEach(() => {
    vi.mocked(apiFetch).mockReset();
    serve(PLANTS);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the loading overlay, then the first page of the default view: next watering date, ascending', async () => {
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    vi.mocked(apiFetch).mockImplementation(async (path) => {
      await held;
      return api.answer(path) as never;
    });
    renderPage();
    expect(await screen.findByRole('status')).toHaveTextContent('Loading, please wait...');
    answer();
    expect(await screen.findByText('Showing all 4 plants.')).toBeInTheDocument();
    expect(api.asked[0]).toBe(`/mango?sort=nextWateringDate&dir=asc&limit=${PAGE_SIZE}`);
    expect(cardNames()).toEqual(['Jade Plant', 'Boston Fern', 'Echeveria', 'Maidenhair Fern']);
    expect(screen.getByRole('button', { name: 'Watering Date' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Watering Date' })).toHaveAccessibleDescription(
      'Sorted by Watering Date, ascending (soonest first).',
    );
    expect(screen.getByRole('button', { name: 'Plant Name' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('renders each card as the spec says', async () => {
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Boston Fern' })).closest('article')!;
    expect(within(card).getByRole('img', { name: 'Boston Fern' })).toHaveAttribute(
      'src',
      '/images/plants/boston-fern.webp',
    );
    expect(card).toHaveTextContent('Category:fern');
    expect(card).toHaveTextContent('Watering:Weekly');
    expect(card).toHaveTextContent(
      `Next Watering:${new Date('2026-03-05T00:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' })}`,
    );
    expect(card).toHaveTextContent('Care Level:moderate');
    expect(within(card).getByRole('link', { name: 'View Details of Boston Fern' })).toHaveAttribute('href', '/plant/1');

    const jade = screen.getByRole('heading', { name: 'Jade Plant' }).closest('article')!;
    expect(jade).toHaveTextContent('No image available');
    const maidenhair = screen.getByRole('heading', { name: 'Maidenhair Fern' }).closest('article')!;
    expect(maidenhair).toHaveTextContent('Next Watering:Not set');
  });

  it("shows each card's pet-safety badge: toxic, safe, not known, and nothing without a species", async () => {
    const [jade, fern, echeveria, maidenhair] = PLANTS as [Plant, Plant, Plant, Plant];
    serve([
      { ...jade, speciesId: 'crassula-ovata', toxicToCats: true, toxicToDogs: true },
      { ...fern, speciesId: 'nephrolepis-exaltata', toxicToCats: false, toxicToDogs: false },
      { ...echeveria, speciesId: 'echeveria-elegans', toxicToCats: null, toxicToDogs: null },
      maidenhair,
    ]);
    renderPage();
    const card = async (name: string) => (await screen.findByRole('heading', { name })).closest('article')!;
    const badges = (article: HTMLElement) =>
      within(article)
        .queryAllByText(/^(Toxic to|Safe for|Not known)/)
        .map((badge) => badge.textContent);
    expect(badges(await card('Jade Plant'))).toEqual(['Toxic to cats', 'Toxic to dogs']);
    expect(within(await card('Jade Plant')).getByText('Toxic to cats')).toHaveClass('bg-red-100');
    expect(badges(await card('Boston Fern'))).toEqual(['Safe for cats and dogs']);
    expect(badges(await card('Echeveria'))).toEqual(['Not known for cats and dogs: treat as possibly harmful']);
    expect(badges(await card('Maidenhair Fern'))).toEqual([]);
  });

  it('offers the categories and care levels the server found in the data (GET /mango/facets)', async () => {
    renderPage();
    await screen.findByText('Showing all 4 plants.');
    const options = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.textContent);
    expect(api.asked).toContain('/mango/facets');
    expect(options('Category')).toEqual(['All Categories', 'fern', 'succulent']);
    expect(options('Care Level')).toEqual(['All Levels', 'difficult', 'easy', 'moderate']);
  });

  describe('the Pets filter', () => {
    const [jade, fern, echeveria, maidenhair] = PLANTS as [Plant, Plant, Plant, Plant];
    // Toxic to both; safe for both; safe for cats only; no species.
    const WITH_SPECIES = [
      { ...jade, toxicToCats: true, toxicToDogs: true },
      { ...fern, toxicToCats: false, toxicToDogs: false },
      { ...echeveria, toxicToCats: false, toxicToDogs: true },
      maidenhair,
    ];
    const options = () =>
      [...(screen.getByLabelText('Pets') as HTMLSelectElement).options].map((o) => [o.value, o.textContent]);

    it('asks the server for the plants safe for cats and dogs when chosen, and Reset Filters shows every plant again', async () => {
      serve(WITH_SPECIES);
      const user = userEvent.setup({ delay: null });
      const router = renderPage();
      await screen.findByText('Showing all 4 plants.');
      expect(screen.getByLabelText('Pets')).toHaveValue('');

      await user.selectOptions(screen.getByLabelText('Pets'), 'Safe for cats and dogs');
      expect(screen.getByLabelText('Pets')).toHaveValue('both');
      expect(await screen.findByText('Showing 1 of 4 plants.')).toBeInTheDocument();
      expect(cardNames()).toEqual(['Boston Fern']);
      expect(api.asked.at(-1)).toBe(`/mango?petSafe=both&sort=nextWateringDate&dir=asc&limit=${PAGE_SIZE}`);
      expect(router.state.location.search).toBe('?petSafe=both');
      expect(router.state.historyAction).toBe('PUSH');

      await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
      expect(await screen.findByText('Showing all 4 plants.')).toBeInTheDocument();
      expect(screen.getByLabelText('Pets')).toHaveValue('');
      expect(router.state.location.search).toBe('');
    });

    it('opens a link with its filter, with the other filters, and says when nothing matches', async () => {
      serve(WITH_SPECIES);
      renderPage('/allPlants?petSafe=cats');
      expect(await screen.findByText('Showing 2 of 4 plants.')).toBeInTheDocument();
      expect(views()[0]).toEqual({ petSafe: 'cats', sort: 'nextWateringDate', dir: 'asc' });
      expect(screen.getByLabelText('Pets')).toHaveValue('cats');
      expect(cardNames()).toEqual(['Boston Fern', 'Echeveria']);

      cleanup();
      renderPage('/allPlants?category=fern&petSafe=both');
      expect(await screen.findByText('Showing 1 of 4 plants.')).toBeInTheDocument();
      expect(views().at(-1)).toEqual({ category: 'fern', petSafe: 'both', sort: 'nextWateringDate', dir: 'asc' });

      cleanup();
      renderPage('/allPlants?category=succulent&petSafe=both');
      expect(await screen.findByText('No plants found matching your criteria.')).toBeInTheDocument();
    });

    it('offers the three pet filters whatever the plants are, with no read of its own', async () => {
      serve(PLANTS);
      renderPage('/allPlants?petSafe=dogs');
      await screen.findByText('No plants found matching your criteria.');
      expect(options()).toEqual([
        ['', 'All plants'],
        ['both', 'Safe for cats and dogs'],
        ['cats', 'Safe for cats'],
        ['dogs', 'Safe for dogs'],
      ]);
      expect(screen.getByLabelText('Pets')).toHaveValue('dogs');
    });
  });

  it('asks the server for each view, the search once typing pauses; the URL keeps the view: typing replaces, choosing pushes, Back undoes', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderPage();
    await screen.findByText('Showing all 4 plants.');

    await user.type(screen.getByLabelText('Search'), 'FERN');
    expect(await screen.findByText('Showing 2 of 4 plants.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=FERN');
    expect(router.state.historyAction).toBe('REPLACE');
    // One request for the whole word, not one per keystroke.
    expect(views()).toEqual([
      { sort: 'nextWateringDate', dir: 'asc' },
      { q: 'FERN', sort: 'nextWateringDate', dir: 'asc' },
    ]);

    await user.selectOptions(screen.getByLabelText('Care Level'), 'difficult');
    expect(screen.getByLabelText('Care Level')).toHaveValue('difficult');
    expect(await screen.findByText('Showing 1 of 4 plants.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=FERN&care=difficult');
    expect(router.state.historyAction).toBe('PUSH');
    expect(cardNames()).toEqual(['Maidenhair Fern']);

    await user.click(screen.getByRole('button', { name: 'Plant Name' }));
    expect(screen.getByRole('button', { name: 'Plant Name' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(router.state.location.search).toBe('?q=FERN&care=difficult&sort=plantName&dir=asc'));
    await user.click(screen.getByRole('button', { name: 'Plant Name' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=FERN&care=difficult&sort=plantName&dir=desc'));
    expect(screen.getByRole('button', { name: 'Plant Name' })).toHaveAccessibleDescription(
      'Sorted by Plant Name, descending (Z to A).',
    );
    await screen.findByText('Showing 1 of 4 plants.');
    expect(views().at(-1)).toEqual({ q: 'FERN', care: 'difficult', sort: 'plantName', dir: 'desc' });

    await act(() => router.navigate(-3));
    await waitFor(() => expect(router.state.location.search).toBe('?q=FERN'));
    expect(screen.getByLabelText('Care Level')).toHaveValue('');
    expect(screen.getByLabelText('Search')).toHaveValue('FERN');
    expect(await screen.findByText('Showing 2 of 4 plants.')).toBeInTheDocument();
  });

  it('waits for a pause in typing before it asks', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderPage();
    await screen.findByText('Showing all 4 plants.');
    await user.type(screen.getByLabelText('Search'), 'ja');
    await act(() => vi.advanceTimersByTimeAsync(SEARCH_DEBOUNCE_MS - 50));
    expect(views()).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(views()).toEqual([
      { sort: 'nextWateringDate', dir: 'asc' },
      { q: 'ja', sort: 'nextWateringDate', dir: 'asc' },
    ]);
  });

  it('opens a shared link with its view, and Reset Filters goes back to the default at once', async () => {
    const user = userEvent.setup({ delay: null });
    const router = renderPage('/allPlants?category=succulent&sort=careLevel&dir=desc');
    expect(await screen.findByText('Showing 2 of 4 plants.')).toBeInTheDocument();
    expect(views()[0]).toEqual({ category: 'succulent', sort: 'careLevel', dir: 'desc' });
    expect(screen.getByLabelText('Category')).toHaveValue('succulent');
    expect(screen.getByRole('button', { name: 'Care Level' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(screen.getByRole('button', { name: 'Watering Date' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(await screen.findByText('Showing all 4 plants.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('says when nothing matches, with its own Reset Filters', async () => {
    const user = userEvent.setup({ delay: null });
    renderPage('/allPlants?q=cactus');
    expect(await screen.findByText('No plants found matching your criteria.')).toBeInTheDocument();
    const resets = screen.getAllByRole('button', { name: 'Reset Filters' });
    expect(resets).toHaveLength(2);
    await user.click(resets[1]!);
    expect(await screen.findByText('Showing all 4 plants.')).toBeInTheDocument();
    expect(screen.getByLabelText('Search')).toHaveValue('');
  });

  it("shows the server's message with a retry when the list cannot be loaded", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.mocked(apiFetch).mockRejectedValueOnce(
      new ApiError(503, 'unavailable', 'The server is busy right now. Please try again in a moment.'),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy right now.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing all 4 plants.')).toBeInTheDocument();
  });

  it("asks for the next page with 'Show more plants', moving focus to the first new card", async () => {
    const many = Array.from({ length: 30 }, (_, i) =>
      plant(`m${i}`, `Plant ${String(i).padStart(3, '0')}`, i % 2 ? 'fern' : 'bonsai', 'easy', '2026-03-01'),
    );
    serve(many);
    const user = userEvent.setup({ delay: null });
    renderPage('/allPlants?sort=plantName&dir=asc');
    expect(await screen.findByText(`Showing ${PAGE_SIZE} of 30 plants.`)).toBeInTheDocument();
    expect(cardNames()).toHaveLength(PAGE_SIZE);

    await user.click(screen.getByRole('button', { name: 'Show more plants' }));
    await screen.findByText(`Showing ${2 * PAGE_SIZE} of 30 plants.`);
    expect(api.asked.at(-1)).toBe(`/mango?sort=plantName&dir=asc&limit=${PAGE_SIZE}&cursor=${PAGE_SIZE}`);
    expect(
      screen.getByRole('link', { name: `View Details of Plant ${String(PAGE_SIZE).padStart(3, '0')}` }),
    ).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Show more plants' }));
    expect(await screen.findByText('Showing all 30 plants.')).toBeInTheDocument();
    expect(cardNames()).toHaveLength(30);
    expect(screen.queryByRole('button', { name: 'Show more plants' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'fern');
    expect(await screen.findByText(`Showing ${PAGE_SIZE} of 15 matching plants (30 in all).`)).toBeInTheDocument();
  });

  it('goes on by itself when a long search answers a short page with a cursor, and says when its count is an upper bound', async () => {
    const sparse = [plant('a', 'Monstera deliciosa', 'Flower', 'easy'), plant('b', 'Other', 'fern', 'easy')];
    vi.mocked(apiFetch).mockImplementation(async (path) => {
      const url = new URL(path, 'http://app.test');
      if (url.pathname === '/mango/facets')
        return { categories: ['Flower', 'fern'], careLevels: ['easy'], total: 40 } as never;
      // The server's budget ran out twice before it found the match.
      const cursor = url.searchParams.get('cursor');
      if (!cursor) return { plants: [], nextCursor: 'c1', total: 9, totalExact: false } as never;
      if (cursor === 'c1') return { plants: [sparse[0]], nextCursor: 'c2', total: 9, totalExact: false } as never;
      return { plants: [], nextCursor: 'c3', total: 9, totalExact: false } as never;
    });
    renderPage('/allPlants?q=delicio');
    expect(await screen.findByText('Showing 1 of up to 9 matching plants (40 in all).')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Monstera deliciosa']);
    expect(screen.getByRole('button', { name: 'Show more plants' })).toBeEnabled();
  });

  describe("on the service worker's word that an answer changed on the server", () => {
    const many = (sort: string) =>
      Array.from({ length: 30 }, (_, i) =>
        plant(`w${i}`, `${sort} ${String(i).padStart(3, '0')}`, 'fern', 'easy', '2026-03-01'),
      );
    const workerSays = (path: string) => act(() => announceUpdatedAnswer(`${window.location.origin}${path}`));

    it('takes in a newer first page, and newer filter options without losing the pages shown', async () => {
      serve(many('Old'));
      const user = userEvent.setup({ delay: null });
      renderPage('/allPlants?sort=plantName&dir=desc');
      expect(await screen.findByText(`Showing ${PAGE_SIZE} of 30 plants.`)).toBeInTheDocument();
      const first = `/mango?sort=plantName&dir=desc&limit=${PAGE_SIZE}`;

      serve([plant('n', 'Zinnia', 'Flower', 'easy'), ...many('Old')]);
      workerSays(first);
      expect(await screen.findByRole('heading', { name: 'Zinnia' })).toBeInTheDocument();
      expect(screen.queryByText('Loading, please wait...')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Show more plants' }));
      // The options still count the 30 plants there were.
      expect(
        await screen.findByText(`Showing ${2 * PAGE_SIZE} of 31 matching plants (30 in all).`),
      ).toBeInTheDocument();
      workerSays('/mango/facets');
      expect(await screen.findByRole('option', { name: 'Flower' })).toBeInTheDocument();
      expect(screen.getByText(`Showing ${2 * PAGE_SIZE} of 31 plants.`)).toBeInTheDocument();
      expect(cardNames()).toHaveLength(2 * PAGE_SIZE);
    });

    it('leaves a list paged with Show more alone until its next view', async () => {
      serve(many('Kept'));
      const user = userEvent.setup({ delay: null });
      renderPage('/allPlants?sort=plantName&dir=asc');
      expect(await screen.findByText(`Showing ${PAGE_SIZE} of 30 plants.`)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Show more plants' }));
      expect(await screen.findByText(`Showing ${2 * PAGE_SIZE} of 30 plants.`)).toBeInTheDocument();
      const asked = vi.mocked(apiFetch).mock.calls.length;

      serve([plant('n', 'Aster', 'Flower', 'easy'), ...many('Kept')]);
      workerSays(`/mango?sort=plantName&dir=asc&limit=${PAGE_SIZE}`);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(vi.mocked(apiFetch).mock.calls).toHaveLength(asked);
      expect(cardNames()).toHaveLength(2 * PAGE_SIZE);
      expect(screen.queryByRole('heading', { name: 'Aster' })).not.toBeInTheDocument();
    });
  });
});
