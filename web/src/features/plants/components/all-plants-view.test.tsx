import type { Plant } from '@model';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { listPlants } from '../api/list-plants';
import { AllPlantsView, PAGE_SIZE } from './all-plants-view';

vi.mock('../api/list-plants', () => ({ listPlants: vi.fn() }));

const plant = (id: string, plantName: string, category: string, careLevel: string, nextWateringDate?: string, image?: string): Plant => ({
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

const PLANTS = [
  plant('1', 'Boston Fern', 'fern', 'moderate', '2026-03-05', '/images/plants/boston-fern.webp'),
  plant('2', 'Jade Plant', 'succulent', 'easy', '2026-03-02'),
  plant('3', 'Maidenhair Fern', 'fern', 'difficult'),
  plant('4', 'Echeveria', 'succulent', 'Easy', '2026-03-09'),
];

function renderPage(url = '/allPlants') {
  const router = createMemoryRouter([{ path: '/allPlants', element: <AllPlantsView /> }], { initialEntries: [url] });
  render(<RouterProvider router={router} />);
  return router;
}

const cardNames = () => within(screen.getByRole('list', { name: 'Plants' })).getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('AllPlantsView', () => {
  beforeEach(() => {
    vi.mocked(listPlants).mockReset().mockResolvedValue(PLANTS);
  });

  it('shows the loading overlay, then the cards sorted by next watering date, undated last', async () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading, please wait...');
    expect(await screen.findByText('Showing all 4 plants.')).toBeInTheDocument();
    expect(cardNames()).toEqual(['Jade Plant', 'Boston Fern', 'Echeveria', 'Maidenhair Fern']);
    expect(screen.getByRole('button', { name: 'Watering Date' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: 'Watering Date' })).toHaveAccessibleDescription('Sorted by Watering Date, ascending (soonest first).');
    expect(screen.getByRole('button', { name: 'Plant Name' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('renders each card as the spec says', async () => {
    renderPage();
    const card = (await screen.findByRole('heading', { name: 'Boston Fern' })).closest('article')!;
    expect(within(card).getByRole('img', { name: 'Boston Fern' })).toHaveAttribute('src', '/images/plants/boston-fern.webp');
    expect(card).toHaveTextContent('Category:fern');
    expect(card).toHaveTextContent('Watering:Weekly');
    expect(card).toHaveTextContent(`Next Watering:${new Date('2026-03-05T00:00:00Z').toLocaleDateString(undefined, { timeZone: 'UTC' })}`);
    expect(card).toHaveTextContent('Care Level:moderate');
    expect(within(card).getByRole('link', { name: 'View Details of Boston Fern' })).toHaveAttribute('href', '/plant/1');

    const jade = screen.getByRole('heading', { name: 'Jade Plant' }).closest('article')!;
    expect(jade).toHaveTextContent('No image available');
    const maidenhair = screen.getByRole('heading', { name: 'Maidenhair Fern' }).closest('article')!;
    expect(maidenhair).toHaveTextContent('Next Watering:Not set');
  });

  it('offers the distinct categories and care levels from the data', async () => {
    renderPage();
    await screen.findByText('Showing all 4 plants.');
    const options = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((o) => o.textContent);
    expect(options('Category')).toEqual(['All Categories', 'fern', 'succulent']);
    expect(options('Care Level')).toEqual(['All Levels', 'difficult', 'easy', 'moderate']);
  });

  it('keeps search, filters and sort in the URL: typing replaces, choosing pushes, Back undoes', async () => {
    const user = userEvent.setup();
    const router = renderPage();
    await screen.findByText('Showing all 4 plants.');

    await user.type(screen.getByLabelText('Search'), 'FERN');
    expect(router.state.location.search).toBe('?q=FERN');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('Showing 2 of 4 plants.')).toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Care Level'), 'difficult');
    expect(router.state.location.search).toBe('?q=FERN&care=difficult');
    expect(router.state.historyAction).toBe('PUSH');
    expect(cardNames()).toEqual(['Maidenhair Fern']);

    await user.click(screen.getByRole('button', { name: 'Plant Name' }));
    expect(router.state.location.search).toBe('?q=FERN&care=difficult&sort=plantName&dir=asc');
    expect(screen.getByRole('button', { name: 'Plant Name' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Plant Name' }));
    expect(router.state.location.search).toBe('?q=FERN&care=difficult&sort=plantName&dir=desc');
    expect(screen.getByRole('button', { name: 'Plant Name' })).toHaveAccessibleDescription('Sorted by Plant Name, descending (Z to A).');

    await act(() => router.navigate(-3));
    expect(router.state.location.search).toBe('?q=FERN');
    expect(screen.getByLabelText('Care Level')).toHaveValue('');
    expect(screen.getByLabelText('Search')).toHaveValue('FERN');
    expect(await screen.findByText('Showing 2 of 4 plants.')).toBeInTheDocument();
  });

  it('opens a shared link with its view, and Reset Filters goes back to the default', async () => {
    const user = userEvent.setup();
    const router = renderPage('/allPlants?category=succulent&sort=careLevel&dir=desc');
    expect(await screen.findByText('Showing 2 of 4 plants.')).toBeInTheDocument();
    expect(screen.getByLabelText('Category')).toHaveValue('succulent');
    expect(screen.getByRole('button', { name: 'Care Level' })).toHaveAttribute('aria-pressed', 'true');
    expect(cardNames()).toEqual(['Echeveria', 'Jade Plant']);

    await user.click(screen.getByRole('button', { name: 'Reset Filters' }));
    expect(router.state.location.search).toBe('');
    expect(screen.getByRole('button', { name: 'Watering Date' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('Showing all 4 plants.')).toBeInTheDocument();
  });

  it('says when nothing matches, with its own Reset Filters', async () => {
    const user = userEvent.setup();
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
    vi.mocked(listPlants).mockRejectedValueOnce(new ApiError(503, 'unavailable', 'The server is busy right now. Please try again in a moment.'));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy right now.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing all 4 plants.')).toBeInTheDocument();
  });

  it('renders a long list a page at a time, moving focus to the first new card', async () => {
    const many = Array.from({ length: 100 }, (_, i) => plant(`m${i}`, `Plant ${String(i).padStart(3, '0')}`, i % 2 ? 'fern' : 'bonsai', 'easy', '2026-03-01'));
    vi.mocked(listPlants).mockResolvedValue(many);
    const user = userEvent.setup();
    renderPage('/allPlants?sort=plantName&dir=asc');
    expect(await screen.findByText(`Showing ${PAGE_SIZE} of 100 plants.`)).toBeInTheDocument();
    expect(cardNames()).toHaveLength(PAGE_SIZE);

    await user.click(screen.getByRole('button', { name: 'Show more plants' }));
    expect(cardNames()).toHaveLength(2 * PAGE_SIZE);
    expect(screen.getByRole('link', { name: `View Details of Plant ${String(PAGE_SIZE).padStart(3, '0')}` })).toHaveFocus();
    while (screen.queryByRole('button', { name: 'Show more plants' })) await user.click(screen.getByRole('button', { name: 'Show more plants' }));
    expect(cardNames()).toHaveLength(100);
    expect(screen.getByText('Showing all 100 plants.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show more plants' })).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Category'), 'fern');
    expect(await screen.findByText(`Showing ${PAGE_SIZE} of 50 matching plants (100 in all).`)).toBeInTheDocument();
  });
});
