import type { Plant } from '@model';
import { addDays, localToday } from '@model/schedule';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { deletePlant } from '@/features/plants/api/delete-plant';
import { doCareJob } from '@/features/care/api/do-care-job';
import { ApiError, apiFetch } from '@/lib/api-client';
import { currentUser, useAuth, type AuthUser } from '@/lib/auth';
import { alertDialog, confirmDialog } from '@/lib/dialogs';
import { announceUpdatedAnswer } from '@/lib/server-state';
import type { Place } from '@/features/places/types';
import { fakePlantApi } from '@/test/fake-plant-api';
import { renderRoutes } from '@/test/render-route';
import * as route from './my-plants';

vi.mock('@/lib/api-client');
vi.mock('@/features/plants/api/delete-plant', () => ({ deletePlant: vi.fn() }));
vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(), confirmDialog: vi.fn(), preloadDialogs: vi.fn() }));
vi.mock('@/features/care/api/do-care-job', () => ({ doCareJob: vi.fn() }));
vi.mock('@/lib/toast');

const plant = (id: string, plantName: string, image?: string): Plant => ({
  _id: id,
  plantName,
  category: 'fern',
  careLevel: 'moderate',
  healthStatus: 'Healthy',
  wateringFrequency: 'Weekly',
  image,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderPage(at = '/myPlants') {
  return renderRoutes(
    [
      { path: '/myPlants', ...route },
      { path: '/addPlants', element: <p>add page</p> },
    ],
    at,
  );
}

/** Signed in as this user, for the page and its loader alike. */
function signIn(user: AuthUser) {
  vi.mocked(useAuth).mockReturnValue({ loading: false, user });
  vi.mocked(currentUser).mockResolvedValue(user);
}

const table = () => screen.getByRole('table', { name: 'My plants' });

let api: ReturnType<typeof fakePlantApi>;
/** The server's GET /mango?email= answers, from these plants (already in its A to Z order). */
function serve(plants: Plant[], household?: Plant[], places?: Place[]) {
  api = fakePlantApi(plants, { household, places });
  vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
}

describe('My Plants', () => {
  beforeEach(() => {
    signIn({ uid: 'u1', email: 'me@example.test', displayName: 'Me', photoURL: null });
    vi.mocked(apiFetch).mockReset();
    vi.mocked(deletePlant).mockReset();
    vi.mocked(confirmDialog).mockReset();
    vi.mocked(alertDialog).mockReset().mockResolvedValue(undefined);
  });

  it("asks for the signed-in user's plants and lists them in the spec's table", async () => {
    serve([plant('a', 'Boston Fern', '/images/plants/boston-fern.webp'), plant('b', 'Jade Plant')]);
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    vi.mocked(apiFetch).mockImplementation(async (path) => {
      await held;
      return api.answer(path) as never;
    });
    renderPage();
    expect(await screen.findByText('Loading, please wait...')).toBeInTheDocument();
    answer();
    await screen.findByRole('table', { name: 'My plants' });
    expect(api.asked).toEqual(['/mango?email=me%40example.test&sort=plantName&dir=asc&limit=100']);
    expect(apiFetch).toHaveBeenCalledWith(api.asked[0], expect.objectContaining({ auth: 'required' }));
    expect(
      within(table())
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Image', 'Name', 'Category', 'Watering Frequency', 'Care Level', 'Actions']);
    const row = within(table()).getByRole('row', { name: /Jade Plant/ });
    expect(within(row).getByRole('img', { name: 'Jade Plant' })).toHaveAttribute(
      'src',
      '/images/placeholder-plant.svg',
    );
    expect(within(row).getByRole('link', { name: 'Edit Jade Plant' })).toHaveAttribute('href', '/update/b');
    expect(within(row).getByRole('button', { name: 'Delete Jade Plant' })).toBeInTheDocument();
  });

  it("shows the empty state with 'Add Your First Plant'", async () => {
    serve([]);
    renderPage();
    expect(await screen.findByText("You haven't added any plants yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your First Plant' })).toHaveAttribute('href', '/addPlants');
  });

  it('removes a deleted plant without reloading the list', async () => {
    serve([plant('a', 'Boston Fern'), plant('b', 'Jade Plant')]);
    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(deletePlant).mockResolvedValue({ deletedCount: 1 });
    const user = userEvent.setup({ delay: null });
    renderPage();
    await user.click(
      await within(await screen.findByRole('table', { name: 'My plants' })).findByRole('button', {
        name: 'Delete Jade Plant',
      }),
    );
    await waitFor(() => expect(within(table()).queryByRole('row', { name: /Jade Plant/ })).not.toBeInTheDocument());
    expect(within(table()).getByRole('row', { name: /Boston Fern/ })).toBeInTheDocument();
    expect(deletePlant).toHaveBeenCalledWith('b');
    expect(api.asked).toHaveLength(1);
  });

  it("shows the server's message with a retry when the list cannot be loaded", async () => {
    serve([plant('a', 'Boston Fern')]);
    vi.mocked(apiFetch).mockRejectedValueOnce(
      new ApiError(503, 'unavailable', 'The server is busy right now. Please try again in a moment.'),
    );
    const user = userEvent.setup({ delay: null });
    renderPage();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy right now.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('table', { name: 'My plants' })).toBeInTheDocument();
  });

  it("shows each plant's nearest job of watering and its care tasks, from the list's answer alone", async () => {
    const today = localToday();
    const monthly = (nextDate: string) => ({ frequency: 'Monthly', lastDate: null, nextDate, intervalDays: 30 });
    serve([
      {
        ...plant('a', 'Aloe'),
        nextWateringDate: addDays(today, 5),
        care: { fertilize: monthly(addDays(today, 2)), repot: monthly(addDays(today, 1)) },
      },
      { ...plant('b', 'Basil'), nextWateringDate: addDays(today, -1), care: { mist: monthly(addDays(today, 3)) } },
      { ...plant('c', 'Cactus'), care: { prune: monthly(today) } },
      plant('d', 'Daisy'),
    ]);
    renderPage();
    const row = async (name: string) =>
      within(await screen.findByRole('table', { name: 'My plants' })).getByRole('row', { name: new RegExp(name) });
    expect(within(await row('Aloe')).getByText('Repot due tomorrow')).toHaveClass('bg-amber-100');
    expect(within(await row('Basil')).getByText('Water overdue by 1 day')).toHaveClass('bg-red-100');
    expect(within(await row('Cactus')).getByText('Prune due today')).toBeInTheDocument();
    expect(within(await row('Daisy')).queryByText(/ due | overdue /)).not.toBeInTheDocument();
    // The phone's cards say the same.
    expect(within(screen.getByRole('list', { name: 'My plants' })).getByText('Repot due tomorrow')).toBeInTheDocument();
    expect(api.asked).toHaveLength(1);
  });

  it('shows the due badge in each row, and Watered updates it without reloading', async () => {
    const user = userEvent.setup({ delay: null });
    serve([{ ...plant('b', 'Jade Plant'), nextWateringDate: '2000-01-01' }]);
    vi.mocked(doCareJob).mockResolvedValue({
      ...plant('b', 'Jade Plant'),
      lastWateredDate: '2999-01-01',
      nextWateringDate: '2999-01-08',
    });
    renderPage();
    const row = within(await screen.findByRole('table', { name: 'My plants' })).getByRole('row', {
      name: /Jade Plant/,
    });
    expect(within(row).getByText(/^Water overdue by \d+ days$/)).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Watered Jade Plant' }));
    expect(await within(row).findByText(/^Water due in \d+ days$/)).toBeInTheDocument();
    expect(api.asked).toHaveLength(1);
  });

  describe('with a household', () => {
    const mine = (id: string, name: string, shared: boolean): Plant => ({
      ...plant(id, name),
      ownerUid: 'u1',
      userEmail: 'me@example.test',
      userName: 'Me',
      shared,
    });
    const anas = (id: string, name: string): Plant => ({
      ...plant(id, name),
      ownerUid: 'ana',
      userName: 'Ana',
      shared: true,
    });

    it("lists the household's plants that are not the user's under 'Shared with you', each saying whose", async () => {
      const user = userEvent.setup({ delay: null });
      const fern = mine('a', 'Boston Fern', true);
      const lemon = { ...anas('l', 'Lemon Tree'), nextWateringDate: '2000-01-01' };
      serve([fern, mine('b', 'Jade Plant', false)], [fern, lemon]);
      vi.mocked(doCareJob).mockResolvedValue({
        ...lemon,
        lastWateredDate: '2999-01-01',
        nextWateringDate: '2999-01-08',
      });
      renderPage();
      const section = await screen.findByRole('region', { name: 'Shared with you' });
      const cards = within(section).getAllByRole('listitem');
      expect(cards).toHaveLength(1);
      expect(cards[0]).toHaveTextContent('Shared by Ana');
      expect(within(cards[0]!).getByRole('link', { name: 'Lemon Tree' })).toHaveAttribute('href', '/plant/l');
      expect(within(section).queryByText('Boston Fern')).not.toBeInTheDocument();
      expect(within(cards[0]!).getByText(/^Water overdue by \d+ days$/)).toBeInTheDocument();

      await user.click(within(cards[0]!).getByRole('button', { name: 'Watered Lemon Tree' }));
      expect(doCareJob).toHaveBeenCalledWith('l', 'water', expect.any(String), expect.any(String));
      expect(await within(cards[0]!).findByText(/^Water due in \d+ days$/)).toBeInTheDocument();

      // The user's own plants say which of them the household sees.
      expect(within(table()).getByRole('row', { name: /Boston Fern/ })).toHaveTextContent('Shared');
      expect(within(table()).getByRole('row', { name: /Jade Plant/ })).not.toHaveTextContent('Shared');
      expect(api.householdAsked).toEqual(['/mango/household/plants?limit=100']);
    });

    it('shows no section and no error without a household', async () => {
      serve([mine('a', 'Boston Fern', false)]);
      renderPage();
      await screen.findByRole('table', { name: 'My plants' });
      await waitFor(() => expect(api.householdAsked).toHaveLength(1));
      expect(screen.queryByRole('region', { name: 'Shared with you' })).not.toBeInTheDocument();
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('shows the shared plants to a user who has none of their own yet', async () => {
      serve([], [anas('l', 'Lemon Tree')]);
      renderPage();
      expect(await screen.findByText("You haven't added any plants yet.")).toBeInTheDocument();
      const section = await screen.findByRole('region', { name: 'Shared with you' });
      expect(within(section).getByText('Shared by Ana')).toBeInTheDocument();
    });
  });

  // Two hundred rows in jsdom take seconds on a busy machine: the test's bound is against a hang only.
  it("asks for 100 plants at a time, and 'Show more plants' asks for the next 100", async () => {
    const many = Array.from({ length: 102 }, (_, i) => plant(`p${i}`, `Plant ${String(i).padStart(3, '0')}`));
    serve(many);
    const user = userEvent.setup({ delay: null });
    renderPage();
    // A hundred rows come in a React transition (the router's), which jsdom renders in slices. Queries by role work
    // out every element's visibility from computed styles at each DOM change, seconds on 200 rows: text here.
    await waitFor(() => expect(document.body).toHaveTextContent('You are looking after 102 plants.'), {
      timeout: 10_000,
    });
    expect(screen.getByText('Showing 100 of 102 plants.')).toBeInTheDocument();
    expect(screen.getAllByText('Plant 099').length).toBeGreaterThan(0);
    expect(screen.queryAllByText('Plant 100')).toEqual([]);
    await user.click(screen.getByText('Show more plants', { selector: 'button' }));
    await waitFor(() => expect(document.body).toHaveTextContent('Plant 101'), { timeout: 10_000 });
    expect(api.asked.at(-1)).toBe('/mango?email=me%40example.test&sort=plantName&dir=asc&limit=100&cursor=100');
    expect(screen.queryByText('Show more plants', { selector: 'button' })).not.toBeInTheDocument();
  }, 30_000);

  describe('when the service worker says the server has a newer list (a change made on another device)', () => {
    /** Signed in as `email`: each test its own list, since a path announced again within seconds is not re-read. */
    const signedInAs = (email: string) => signIn({ uid: 'u1', email, displayName: 'Me', photoURL: null });
    /** The kept answer's URL as the worker names it (its origin, and its key for a signed-in user's copy). */
    const keptUrl = (email: string) =>
      `${window.location.origin}/mango?email=${encodeURIComponent(email)}&sort=plantName&dir=asc&limit=100&__as=user`;

    it('reads the list again and shows the new plant, without a loading state', async () => {
      signedInAs('newer@example.test');
      serve([plant('a', 'Boston Fern')]);
      renderPage();
      await within(await screen.findByRole('table', { name: 'My plants' })).findByRole('row', { name: /Boston Fern/ });

      act(() => announceUpdatedAnswer(`${window.location.origin}/mango/a/events`));
      expect(api.asked).toHaveLength(1);

      serve([plant('a', 'Boston Fern'), plant('b', 'Jade Plant')]);
      act(() => announceUpdatedAnswer(keptUrl('newer@example.test')));
      expect(screen.queryByText('Loading, please wait...')).not.toBeInTheDocument();
      expect(await within(table()).findByRole('row', { name: /Jade Plant/ })).toBeInTheDocument();
      expect(api.asked).toEqual(['/mango?email=newer%40example.test&sort=plantName&dir=asc&limit=100']);
    });

    it('keeps the list shown when the newer copy cannot be had', async () => {
      signedInAs('unreachable@example.test');
      serve([plant('a', 'Boston Fern')]);
      renderPage();
      await within(await screen.findByRole('table', { name: 'My plants' })).findByRole('row', { name: /Boston Fern/ });
      vi.mocked(apiFetch).mockRejectedValueOnce(
        new ApiError(503, 'unavailable', 'The server is busy right now. Please try again in a moment.'),
      );
      act(() => announceUpdatedAnswer(keptUrl('unreachable@example.test')));
      const listReads = () => vi.mocked(apiFetch).mock.calls.filter(([path]) => path.startsWith('/mango?'));
      await waitFor(() => expect(listReads()).toHaveLength(2));
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      expect(within(table()).getByRole('row', { name: /Boston Fern/ })).toBeInTheDocument();
    });
  });
  describe('the Place filter', () => {
    const place = (id: string, name: string, order: number): Place => ({
      id,
      name,
      light: 'medium',
      outdoor: false,
      order,
      shared: false,
      plantCount: 1,
    });
    const KITCHEN = place('k', 'Kitchen', 1);
    const BALCONY = place('b', 'Balcony', 2);
    const placed = (id: string, name: string, where: Place | null): Plant => ({
      ...plant(id, name),
      place: where && { id: where.id, name: where.name, light: where.light },
    });
    const rowNames = () =>
      within(table())
        .getAllByRole('rowheader')
        .map((cell) => within(cell).getByRole('link').textContent);

    const path = (placeId?: string, cursor?: string) =>
      `/mango?email=me%40example.test${placeId ? `&placeId=${placeId}` : ''}&sort=plantName&dir=asc&limit=100${cursor ? `&cursor=${cursor}` : ''}`;

    it('asks the server for the plants in the place chosen, or in none, and for all again', async () => {
      // The places as the server answers them: in the reader's walking order.
      serve([placed('a', 'Aloe', BALCONY), placed('f', 'Fern', KITCHEN), placed('m', 'Mint', null)], undefined, [
        KITCHEN,
        BALCONY,
      ]);
      const user = userEvent.setup({ delay: null });
      renderPage();
      const filter = await screen.findByRole('combobox', { name: 'Place' });
      expect(
        within(filter)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['All places', 'Kitchen', 'Balcony', 'Unplaced']);
      expect(rowNames()).toEqual(['Aloe', 'Fern', 'Mint']);
      expect(screen.getByText('You are looking after 3 plants.')).toBeVisible();
      await user.selectOptions(filter, 'Balcony');
      await waitFor(() => expect(rowNames()).toEqual(['Aloe']));
      // How many the user looks after is not said of one place's plants.
      expect(screen.queryByText(/You are looking after/)).not.toBeInTheDocument();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Place' }), 'Unplaced');
      await waitFor(() => expect(rowNames()).toEqual(['Mint']));
      // The phone's cards show the same list.
      expect(within(screen.getByRole('list', { name: 'My plants' })).getAllByRole('listitem')).toHaveLength(1);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Place' }), 'All places');
      await waitFor(() => expect(rowNames()).toEqual(['Aloe', 'Fern', 'Mint']));
      expect(api.asked).toEqual([path(), path('b'), path('none'), path()]);
      // The places and the household's plants are the same for every filter: asked for once.
      // The filter needs the walk, not the counts: no count() per place on the server.
      expect(api.placesAsked).toEqual(['/mango/places?plantCount=false']);
      expect(api.householdAsked).toEqual(['/mango/household/plants?limit=100']);
      expect(screen.queryByText(/loaded so far/)).not.toBeInTheDocument();
    }, 30_000);

    it('says when none of the plants stands in the place chosen', async () => {
      serve([placed('a', 'Aloe', null)], undefined, [KITCHEN]);
      const user = userEvent.setup({ delay: null });
      renderPage();
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Place' }), 'Kitchen');
      expect(await screen.findByText('None of your plants stands in Kitchen.')).toBeVisible();
      await user.selectOptions(screen.getByRole('combobox', { name: 'Place' }), 'Unplaced');
      await waitFor(() => expect(rowNames()).toEqual(['Aloe']));
    });

    // A hundred rows in jsdom take seconds on a busy machine: the test's bound is against a hang only.
    it("opens on the place the address names, and pages through that place's plants alone", async () => {
      const many = Array.from({ length: 103 }, (_, i) =>
        placed(`p${i}`, `Plant ${String(i).padStart(3, '0')}`, i === 0 ? null : KITCHEN),
      );
      serve(many, undefined, [KITCHEN]);
      const user = userEvent.setup({ delay: null });
      renderPage('/myPlants?place=k');
      await waitFor(() => expect(document.body).toHaveTextContent('Showing 100 of 102 plants.'), {
        timeout: 10_000,
      });
      expect(screen.getByRole('combobox', { name: 'Place' })).toHaveValue('k');
      expect(document.body).not.toHaveTextContent('Plant 000');
      await user.click(screen.getByText('Show more plants', { selector: 'button' }));
      await waitFor(() => expect(document.body).toHaveTextContent('Plant 102'), { timeout: 10_000 });
      expect(api.asked).toEqual([path('k'), path('k', '100')]);
      expect(document.body).not.toHaveTextContent('Plant 000');
    }, 30_000);

    it('offers no filter to a reader without places', async () => {
      serve([plant('a', 'Aloe')]);
      renderPage();
      await screen.findByRole('table', { name: 'My plants' });
      expect(screen.queryByRole('combobox', { name: 'Place' })).not.toBeInTheDocument();
    });
  });
});
