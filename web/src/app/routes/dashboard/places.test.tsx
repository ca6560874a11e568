import type { Plant } from '@model';
import type { Household, HouseholdRole } from '@model/household';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Place } from '@/features/places/types';
import { ApiError, apiFetch, type ApiRequest } from '@/lib/api-client';
import { currentUser, useAuth } from '@/lib/auth';
import { confirmDialog } from '@/lib/dialogs';
import { toast } from '@/lib/toast';
import { fakePlantApi } from '@/test/fake-plant-api';
import { renderRoutes } from '@/test/render-route';
import * as route from './places';

vi.mock('@/lib/api-client');
vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(), preloadDialogs: vi.fn() }));
vi.mock('@/lib/toast');

const me = { uid: 'u1', email: 'me@example.test', displayName: 'Me', photoURL: null };

const place = (id: string, name: string, order: number, changes: Partial<Place> = {}): Place => ({
  id,
  name,
  light: 'bright-indirect',
  outdoor: false,
  order,
  shared: false,
  plantCount: 0,
  ...changes,
});

const plant = (id: string, plantName: string, where: Place | null): Plant => ({
  _id: id,
  plantName,
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
  place: where && { id: where.id, name: where.name, light: where.light },
});

const household = (role: HouseholdRole): Household => ({
  _id: 'h1',
  name: 'Green Flat',
  role,
  members: [{ uid: 'u1', displayName: 'Me', role, until: null }],
});

let stored: Place[];
/** The bodies of the changes sent, by method and path. */
let sent: { key: string; body: unknown }[];
/** How many times the page read GET /mango/places. */
let placesReads = 0;

/**
 * The API as the page uses it: the places (kept in `stored`, answered in walking order as the server
 * does), the user's plants (fakePlantApi) and their household (none unless given).
 */
function serve(places: Place[], plants: Plant[] = [], ours: Household | null = null) {
  stored = places;
  placesReads = 0;
  sent = [];
  // Deleting a place moves its plants out: the plants are answered as they are now.
  let api = fakePlantApi(plants);
  vi.mocked(apiFetch).mockImplementation((async (path: string, { method = 'GET', body }: ApiRequest = {}) => {
    const key = `${method} ${path}`;
    if (method !== 'GET') sent.push({ key, body });
    if (key === 'GET /mango/places') {
      placesReads += 1;
      return { places: [...stored].sort((a, b) => a.order - b.order) };
    }
    if (key === 'GET /mango/household') {
      if (!ours) throw new ApiError(404, 'not_found', 'You are in no household.');
      return { household: ours };
    }
    if (key === 'POST /mango/places') {
      const input = body as { name: string; light: Place['light']; outdoor?: boolean; shared?: boolean };
      if (stored.some((p) => p.name.toLowerCase() === input.name.toLowerCase()))
        throw new ApiError(409, 'name_taken', 'You already have a place with that name.');
      if (stored.length >= 3) throw new ApiError(409, 'too_many_places', 'Too many places.');
      const made = place(`p${stored.length + 1}`, input.name, stored.length + 1, {
        light: input.light,
        outdoor: input.outdoor ?? false,
        shared: input.shared ?? false,
      });
      stored = [...stored, made];
      return made;
    }
    if (key === 'PUT /mango/places/order') {
      const { ids } = body as { ids: string[] };
      stored = stored.map((p) => ({ ...p, order: ids.indexOf(p.id) + 1 }));
      return { ids };
    }
    const id = decodeURIComponent(path.split('/').at(-1)!);
    if (method === 'PUT') {
      stored = stored.map((p) => (p.id === id ? { ...p, ...(body as Partial<Place>) } : p));
      return stored.find((p) => p.id === id);
    }
    if (method === 'DELETE') {
      const gone = stored.find((p) => p.id === id)!;
      stored = stored.filter((p) => p.id !== id);
      plants = plants.map((p) => (p.place?.id === id ? { ...p, place: null } : p));
      api = fakePlantApi(plants);
      return { deletedCount: 1, movedOut: gone.plantCount, pending: false };
    }
    return api.answer(path);
  }) as never);
}

function renderPage() {
  return renderRoutes(
    [
      { path: '/dashboard/places', ...route },
      { path: '/plant/:id', element: <p>plant page</p> },
    ],
    '/dashboard/places',
  );
}

/** A promise and the function that resolves it (Promise.withResolvers, which Node 20 lacks). */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

const list = () => screen.getByRole('list', { name: 'Your places, in walking order' });
const names = () =>
  within(list())
    .getAllByRole('heading', { level: 2 })
    .map((heading) => heading.textContent);
const card = (name: string) => screen.getByRole('listitem', { name: new RegExp(`\\b${name}$`) });

const KITCHEN = place('k', 'Kitchen', 2, { light: 'medium', plantCount: 1 });
const BALCONY = place('b', 'Balcony', 1, { light: 'full-sun', outdoor: true, plantCount: 3 });
const HALL = place('h', 'Hall', 3, { light: 'low', shared: true });

describe('the Places page', () => {
  beforeEach(() => {
    for (const mock of [apiFetch, confirmDialog, toast.success]) vi.mocked(mock).mockReset();
    vi.mocked(useAuth).mockReturnValue({ loading: false, user: me });
    vi.mocked(currentUser).mockResolvedValue(me);
  });

  it('lists the places in walking order, each with its light and its plants as pictures, then the unplaced plants', async () => {
    serve(
      [KITCHEN, BALCONY, HALL],
      [plant('a', 'Aloe', BALCONY), plant('f', 'Fern', KITCHEN), plant('m', 'Mint', null), plant('s', 'Sage', BALCONY)],
    );
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Places' })).toBeVisible();
    await screen.findByRole('list', { name: 'Your places, in walking order' });
    expect(names()).toEqual(['1.Balcony', '2.Kitchen', '3.Hall']);
    expect(card('Balcony')).toHaveTextContent('Full sun, outdoors; 3 plants');
    expect(card('Kitchen')).toHaveTextContent('Medium light, indoors; 1 plant');
    expect(within(card('Hall')).getByText('Shared with your household')).toBeVisible();
    expect(card('Hall')).toHaveTextContent('None of your plants stands here.');

    const onBalcony = within(card('Balcony')).getByRole('list', { name: 'Plants in Balcony' });
    expect(
      within(onBalcony)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Aloe', 'Sage']);
    expect(within(onBalcony).getByRole('link', { name: 'Aloe' })).toHaveAttribute('href', '/plant/a');
    expect(within(onBalcony).getAllByRole('link')[0]!.querySelector('img')).toHaveAttribute(
      'src',
      '/images/placeholder-plant.svg',
    );
    const unplaced = screen.getByRole('region', { name: 'Not in a place' });
    expect(within(unplaced).getByRole('link', { name: 'Mint' })).toHaveAttribute('href', '/plant/m');
    // The user's own plants: one bounded page of My Items' request.
    expect(
      vi
        .mocked(apiFetch)
        .mock.calls.filter(([path]) => path.startsWith('/mango?'))
        .map(([path]) => path),
    ).toEqual(['/mango?email=me%40example.test&sort=plantName&dir=asc&limit=100']);
  });

  it('makes a place: name and light required, the four levels in words, then the new place at the end', async () => {
    const user = userEvent.setup({ delay: null });
    serve([KITCHEN]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'New place' });
    const light = within(form).getByRole('combobox', { name: 'Light' });
    expect(
      within(light)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Choose the light there', 'Full sun', 'Bright, indirect light', 'Medium light', 'Low light']);
    // No household: nothing to share with.
    expect(within(form).queryByRole('checkbox', { name: 'Shared with my household' })).not.toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Make place' }));
    expect(await within(form).findByText('Name is required.')).toBeVisible();
    expect(within(form).getByText('Say how much light the place gets.')).toBeVisible();
    expect(sent).toEqual([]);

    await user.type(within(form).getByRole('textbox', { name: 'Name' }), '  Balcony ');
    await user.selectOptions(light, 'Full sun');
    await user.click(within(form).getByRole('checkbox', { name: 'Outdoors' }));
    await user.click(within(form).getByRole('button', { name: 'Make place' }));
    await waitFor(() => expect(names()).toEqual(['1.Kitchen', '2.Balcony']));
    expect(sent).toEqual([{ key: 'POST /mango/places', body: { name: 'Balcony', light: 'full-sun', outdoor: true } }]);
    expect(toast.success).toHaveBeenCalledWith("Balcony is ready: choose it in a plant's form.");
    // The form starts over, its name field focused for the next place.
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('');
    await waitFor(() => expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveFocus());
  });

  it("says the web's own sentence when the name is taken, and when there are too many places", async () => {
    const user = userEvent.setup({ delay: null });
    serve([KITCHEN, BALCONY]);
    renderPage();
    const form = await screen.findByRole('form', { name: 'New place' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'kitchen');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Light' }), 'Low light');
    await user.click(within(form).getByRole('button', { name: 'Make place' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'There is already a place called "kitchen". Give this one another name (letter case does not count).',
    );
    // What was typed stays, to be changed.
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('kitchen');

    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Hall');
    await user.click(within(form).getByRole('button', { name: 'Make place' }));
    await waitFor(() => expect(names()).toContain('3.Hall'));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Attic');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Light' }), 'Low light');
    await user.click(within(form).getByRole('button', { name: 'Make place' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'There are 50 places already, the most you (or your household) can have. Delete one you no longer use to make another.',
    );
  });

  it("offers a household's member to share a new place, and sends it shared", async () => {
    const user = userEvent.setup({ delay: null });
    serve([], [], household('member'));
    renderPage();
    const form = await screen.findByRole('form', { name: 'New place' });
    expect(screen.getByText("No places yet. Make one, then choose it in a plant's form.")).toBeVisible();
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Living room');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Light' }), 'Medium light');
    await user.click(within(form).getByRole('checkbox', { name: 'Shared with my household' }));
    await user.click(within(form).getByRole('button', { name: 'Make place' }));
    await waitFor(() => expect(names()).toEqual(['1.Living room']));
    expect(sent[0]!.body).toEqual({ name: 'Living room', light: 'medium', outdoor: false, shared: true });
    expect(within(card('Living room')).getByText('Shared with your household')).toBeVisible();
  });

  it("lets a sitter make places of their own, not shared ones, and change none of the household's", async () => {
    serve([HALL, place('s', 'Study', 4, { shared: true }), place('o', 'Own shelf', 5)], [], household('sitter'));
    renderPage();
    const form = await screen.findByRole('form', { name: 'New place' });
    expect(within(form).queryByRole('checkbox', { name: 'Shared with my household' })).not.toBeInTheDocument();
    expect(within(card('Own shelf')).getByRole('button', { name: 'Edit Own shelf' })).toBeVisible();
    expect(within(card('Own shelf')).getByRole('button', { name: 'Delete Own shelf' })).toBeVisible();
    expect(within(card('Hall')).queryByRole('button', { name: /^Edit/ })).not.toBeInTheDocument();
    expect(within(card('Hall')).queryByRole('button', { name: /^Delete/ })).not.toBeInTheDocument();
    expect(within(card('Hall')).getByRole('button', { name: 'Move down Hall' })).toBeEnabled();
  });

  it('renames a place and changes its light inline, or leaves it with Cancel', async () => {
    const user = userEvent.setup({ delay: null });
    serve([BALCONY, KITCHEN]);
    renderPage();
    await screen.findByRole('list', { name: 'Your places, in walking order' });
    const edit = within(card('Kitchen')).getByRole('button', { name: 'Edit Kitchen' });
    await user.click(edit);
    expect(edit).toHaveAttribute('aria-expanded', 'true');
    let form = within(card('Kitchen')).getByRole('form', { name: 'Edit Kitchen' });
    expect(within(form).getByRole('textbox', { name: 'Name' })).toHaveValue('Kitchen');
    expect(within(form).getByRole('combobox', { name: 'Light' })).toHaveValue('medium');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(card('Kitchen')).queryByRole('form')).not.toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.click(edit);
    form = within(card('Kitchen')).getByRole('form', { name: 'Edit Kitchen' });
    await user.clear(within(form).getByRole('textbox', { name: 'Name' }));
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Kitchen window');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Light' }), 'Bright, indirect light');
    await user.click(within(form).getByRole('button', { name: 'Save place' }));
    await waitFor(() => expect(names()).toEqual(['1.Balcony', '2.Kitchen window']));
    expect(sent).toEqual([
      { key: 'PUT /mango/places/k', body: { name: 'Kitchen window', light: 'bright-indirect', outdoor: false } },
    ]);
    expect(toast.success).toHaveBeenCalledWith('Kitchen is now Kitchen window.');
    expect(card('Kitchen window')).toHaveTextContent('Bright, indirect light, indoors');
    expect(within(card('Kitchen window')).queryByRole('form')).not.toBeInTheDocument();
  });

  it('moves a place with Move up and Move down, sending the whole order, focus staying on the button', async () => {
    const user = userEvent.setup({ delay: null });
    serve([BALCONY, KITCHEN, HALL]);
    renderPage();
    await screen.findByRole('list', { name: 'Your places, in walking order' });
    expect(within(card('Balcony')).getByRole('button', { name: 'Move up Balcony' })).toBeDisabled();
    expect(within(card('Hall')).getByRole('button', { name: 'Move down Hall' })).toBeDisabled();

    const down = within(card('Balcony')).getByRole('button', { name: 'Move down Balcony' });
    await user.click(down);
    expect(names()).toEqual(['1.Kitchen', '2.Balcony', '3.Hall']);
    expect(screen.getByText('Balcony moved to stop 2 of 3.')).toBeInTheDocument();
    expect(within(card('Balcony')).getByRole('button', { name: 'Move down Balcony' })).toHaveFocus();
    await waitFor(() => expect(sent).toEqual([{ key: 'PUT /mango/places/order', body: { ids: ['k', 'b', 'h'] } }]));
    // The places read again once the move is stored, and drawn.
    await waitFor(() => expect(placesReads).toBe(2));
    await act(async () => undefined);
    expect(within(card('Balcony')).getByRole('button', { name: 'Move down Balcony' })).toHaveFocus();

    // From the keyboard: Enter on the focused button; at the bottom, focus goes to Move up.
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['1.Kitchen', '2.Hall', '3.Balcony']);
    expect(within(card('Balcony')).getByRole('button', { name: 'Move up Balcony' })).toHaveFocus();
    await waitFor(() =>
      expect(sent.at(-1)).toEqual({ key: 'PUT /mango/places/order', body: { ids: ['k', 'h', 'b'] } }),
    );
    // As stored, once read again.
    await waitFor(() => expect(stored.find((p) => p.id === 'b')!.order).toBe(3));
    expect(names()).toEqual(['1.Kitchen', '2.Hall', '3.Balcony']);
  });

  it('keeps a move made while the read after an earlier one is on its way, and the focus on its button', async () => {
    const user = userEvent.setup({ delay: null });
    serve([BALCONY, KITCHEN, HALL]);
    const answer = vi.mocked(apiFetch).getMockImplementation()!;
    // The read after the first move is answered as stored then, but arrives only once the second
    // move is on its way; the second move is stored only after that answer has arrived.
    const held = { read: deferred(), order: deferred() };
    let orders = 0;
    vi.mocked(apiFetch).mockImplementation((async (path: string, request: ApiRequest = {}) => {
      const key = `${request.method ?? 'GET'} ${path}`;
      if (key === 'PUT /mango/places/order' && ++orders === 2) await held.order.promise;
      const answered = await answer(path, request);
      if (key === 'GET /mango/places' && placesReads === 2) await held.read.promise;
      return answered;
    }) as never);
    renderPage();
    await screen.findByRole('list', { name: 'Your places, in walking order' });

    await user.click(within(card('Balcony')).getByRole('button', { name: 'Move down Balcony' }));
    await waitFor(() => expect(placesReads).toBe(2));
    await user.keyboard('{Enter}');
    expect(names()).toEqual(['1.Kitchen', '2.Hall', '3.Balcony']);
    await waitFor(() => expect(orders).toBe(2));

    // The earlier answer (Balcony second) arrives: the later move stays drawn, focus where it was.
    await act(async () => held.read.resolve());
    expect(names()).toEqual(['1.Kitchen', '2.Hall', '3.Balcony']);
    expect(within(card('Balcony')).getByRole('button', { name: 'Move up Balcony' })).toHaveFocus();

    await act(async () => held.order.resolve());
    await waitFor(() => expect(placesReads).toBe(3));
    await act(async () => undefined);
    expect(names()).toEqual(['1.Kitchen', '2.Hall', '3.Balcony']);
    expect(within(card('Balcony')).getByRole('button', { name: 'Move up Balcony' })).toHaveFocus();
  });

  it('moves a place dragged onto another to its stop', async () => {
    serve([BALCONY, KITCHEN, HALL]);
    renderPage();
    await screen.findByRole('list', { name: 'Your places, in walking order' });
    const dataTransfer = { setData: vi.fn(), getData: () => 'h', effectAllowed: '', dropEffect: '' };
    fireEvent.dragStart(card('Hall'), { dataTransfer });
    fireEvent.dragOver(card('Balcony'), { dataTransfer });
    fireEvent.drop(card('Balcony'), { dataTransfer });
    expect(names()).toEqual(['1.Hall', '2.Balcony', '3.Kitchen']);
    await waitFor(() => expect(sent).toEqual([{ key: 'PUT /mango/places/order', body: { ids: ['h', 'b', 'k'] } }]));
  });

  it('puts a move that was not stored back, and says why', async () => {
    const user = userEvent.setup({ delay: null });
    serve([BALCONY, KITCHEN]);
    renderPage();
    await screen.findByRole('list', { name: 'Your places, in walking order' });
    const original = vi.mocked(apiFetch).getMockImplementation()!;
    vi.mocked(apiFetch).mockImplementation((path, request) =>
      path === '/mango/places/order'
        ? Promise.reject(
            new ApiError(503, 'unavailable', 'The server is busy right now. Please try again in a moment.'),
          )
        : original(path, request),
    );
    await user.click(within(card('Balcony')).getByRole('button', { name: 'Move down Balcony' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy right now.');
    expect(names()).toEqual(['1.Balcony', '2.Kitchen']);
  });

  it('asks before deleting a place, saying how many plants it holds, then shows them unplaced', async () => {
    const user = userEvent.setup({ delay: null });
    serve([BALCONY, KITCHEN], [plant('a', 'Aloe', BALCONY)]);
    renderPage();
    await screen.findByRole('list', { name: 'Your places, in walking order' });
    vi.mocked(confirmDialog).mockResolvedValueOnce(false);
    await user.click(within(card('Balcony')).getByRole('button', { name: 'Delete Balcony' }));
    expect(confirmDialog).toHaveBeenCalledWith({
      title: 'Delete Balcony?',
      text: 'Its 3 plants will be unplaced.',
      confirmText: 'Yes, delete it',
      danger: true,
    });
    expect(sent).toEqual([]);

    vi.mocked(confirmDialog).mockResolvedValueOnce(true);
    await user.click(within(card('Balcony')).getByRole('button', { name: 'Delete Balcony' }));
    await waitFor(() => expect(names()).toEqual(['1.Kitchen']));
    expect(sent).toEqual([{ key: 'DELETE /mango/places/b', body: undefined }]);
    const unplaced = await screen.findByRole('region', { name: 'Not in a place' });
    expect(within(unplaced).getByRole('link', { name: 'Aloe' })).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith('Balcony is deleted. 3 plants are unplaced.');
  });
});
