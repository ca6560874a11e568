import type { Plant } from '@model';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { getPlant } from '@/features/plants/api/get-plant';
import { updatePlant } from '@/features/plants/api/update-plant';
import { getSpecies } from '@/features/plants/api/get-species';
import type { SpeciesAnswer } from '@model/species';
import { listPhotos } from '@/lib/photos/list-photos';
import { listPlantEvents } from '@/features/care/api/list-plant-events';
import { plantDetailsData } from '@/app/routes/plant.data';
import { ApiError } from '@/lib/api-client';
import { useAuth, currentUser } from '@/lib/auth';
import { announceUpdatedAnswer } from '@/lib/server-state';
import { toast } from '@/lib/toast';
import { renderRoutes } from '@/test/render-route';
import * as route from './plant-details';
import { addNote } from '@/features/care/api/add-note';
import { deleteNote } from '@/features/care/api/delete-note';
import { doCareJob } from '@/features/care/api/do-care-job';
import { undoCareJob } from '@/features/care/api/undo-care-job';
import { confirmDialog } from '@/lib/dialogs';
import { addDays, localToday } from '@model/schedule';

vi.mock('@/features/plants/api/get-plant', () => ({ getPlant: vi.fn() }));
vi.mock('@/features/plants/api/update-plant', () => ({ updatePlant: vi.fn() }));
vi.mock('@/features/plants/api/get-species', async (original) => ({
  ...(await original<typeof import('@/features/plants/api/get-species')>()),
  getSpecies: vi.fn(),
}));
vi.mock('@/lib/auth', () => ({ useAuth: vi.fn(), currentUser: vi.fn() }));
vi.mock('@/features/care/api/list-plant-events', async (original) => ({
  ...(await original<typeof import('@/features/care/api/list-plant-events')>()),
  listPlantEvents: vi.fn(),
}));
vi.mock('@/lib/photos/list-photos', async (original) => ({
  ...(await original<typeof import('@/lib/photos/list-photos')>()),
  listPhotos: vi.fn(async () => []),
}));
vi.mock('@/lib/toast');
vi.mock('@/features/care/api/do-care-job', () => ({ doCareJob: vi.fn() }));
vi.mock('@/features/care/api/undo-care-job', () => ({ undoCareJob: vi.fn() }));
vi.mock('@/features/care/api/add-note', () => ({ addNote: vi.fn() }));
vi.mock('@/features/care/api/delete-note', () => ({ deleteNote: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({
  confirmDialog: vi.fn(),
  alertDialog: vi.fn(async () => undefined),
  preloadDialogs: vi.fn(),
}));

const PLANT: Plant = {
  _id: 'p1',
  plantName: 'Moth Orchid',
  category: 'flowering',
  careLevel: 'difficult',
  healthStatus: 'needs attention',
  wateringFrequency: 'Every 10 days',
  lastWateredDate: '2026-03-04',
  image: 'https://example.com/orchid.jpg',
  description: 'Phalaenopsis in bark mix.',
  notes: 'Repot after flowering.',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

const ORCHID: SpeciesAnswer = {
  _id: 'phalaenopsis-amabilis',
  scientificName: 'Phalaenopsis amabilis',
  commonNames: ['Moth orchid'],
  names: { es: ['Orquídea mariposa'], de: ['Schmetterlingsorchidee'], fr: ['Orchidée papillon'] },
  family: 'Orchidaceae',
  category: 'flowering',
  careLevel: 'moderate',
  light: 'bright-indirect',
  humidity: 'high',
  minTemperatureC: 15,
  watering: { summerDays: 7, winterDays: 10, rest: 'winter' },
  fertilizeDays: 14,
  repotDays: 730,
  toxicToCats: false,
  toxicToDogs: false,
  toxicityBasis: 'genus',
  notes: 'Water by soaking the bark, then let it drain; new flower spikes come with cooler nights.',
  name: 'Moth orchid',
  notesLanguage: 'en',
};

const ME = { uid: 'owner-1', email: 'me@example.test', displayName: 'Me', photoURL: null };

function renderDetails(id = 'p1') {
  return renderRoutes([{ path: '/plant/:id', ...plantDetailsData, ...route }], `/plant/${id}`);
}

describe('plant details route', () => {
  beforeEach(() => {
    vi.mocked(getPlant).mockReset();
    vi.mocked(getSpecies).mockReset();
    vi.mocked(currentUser).mockReset().mockResolvedValue(ME);
    vi.mocked(useAuth).mockReturnValue({ loading: false, user: ME });
    vi.mocked(listPlantEvents).mockReset().mockResolvedValue([]);
    vi.mocked(doCareJob).mockReset();
    vi.mocked(undoCareJob).mockReset();
    vi.mocked(toast.success).mockReset();
  });

  it('loads the plant, and the signed-in view once auth is ready, and shows everything the spec lists', async () => {
    vi.mocked(getPlant).mockResolvedValue(PLANT);
    renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Moth Orchid' })).toBeInTheDocument();
    expect(currentUser).toHaveBeenCalled();
    expect(getPlant).toHaveBeenCalledWith('p1', expect.any(AbortSignal), 'none');
    expect(getPlant).toHaveBeenCalledWith('p1', expect.any(AbortSignal), 'required');
    // The plant before its photos: index.html's early request for it goes to the app's first call.
    expect(vi.mocked(getPlant).mock.invocationCallOrder[0]).toBeLessThan(
      vi.mocked(listPhotos).mock.invocationCallOrder[0]!,
    );

    expect(screen.getByRole('img', { name: 'Moth Orchid' })).toHaveAttribute('src', 'https://example.com/orchid.jpg');
    expect(screen.getByText('needs attention')).toHaveClass('bg-amber-100');
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(fact('Category')).toHaveTextContent('flowering');
    expect(fact('Care Level')).toHaveTextContent('difficult');
    expect(fact('Watering Frequency')).toHaveTextContent('Every 10 days');
    expect(fact('Last Watered')).toHaveTextContent('March 4, 2026');
    expect(fact('Next Watering')).toHaveTextContent('Not set');
    expect(screen.getByRole('region', { name: 'Description' })).toHaveTextContent('Phalaenopsis in bark mix.');
    expect(screen.getByRole('region', { name: 'Notes' })).toHaveTextContent('Repot after flowering.');
    const tips = screen.getByRole('region', { name: 'Difficult care tips' });
    expect(within(tips).getAllByRole('listitem').length).toBeGreaterThanOrEqual(3);
    expect(screen.getByRole('link', { name: '← Back to All Plants' })).toHaveAttribute('href', '/allPlants');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it("says 'No image available' and leaves out a missing description and notes", async () => {
    vi.mocked(getPlant).mockResolvedValue({
      ...PLANT,
      image: undefined,
      description: undefined,
      notes: undefined,
      careLevel: 'easy',
    });
    renderDetails();
    expect(await screen.findByText('No image available')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Description' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Notes' })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Easy care tips' })).toBeInTheDocument();
  });

  it('offers Edit only to the owner (the API sends ownerUid to the owner alone)', async () => {
    vi.mocked(getPlant).mockResolvedValue({ ...PLANT, ownerUid: 'owner-1', userEmail: ME.email });
    renderDetails();
    expect(await screen.findByRole('link', { name: 'Edit Plant' })).toHaveAttribute('href', '/update/p1');
  });

  const FOLLOWING: Plant = {
    ...PLANT,
    ownerUid: 'owner-1',
    speciesId: ORCHID._id,
    wateringFrequency: 'Every 7 days',
    wateringFollows: 'species',
    wateringSeason: { season: 'summer', changesOn: '2026-09-23', nextDays: 10 },
  };
  const SEASON_TEXT = 'Every 7 days (summer; every 10 days from September 23)';

  it('says the season of a watering that follows its species', async () => {
    vi.mocked(getSpecies).mockResolvedValue(ORCHID);
    vi.mocked(getPlant).mockResolvedValue(FOLLOWING);
    renderDetails();
    expect(await screen.findByText(SEASON_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: "Follow the species' seasons" })).not.toBeInTheDocument();
  });

  it("offers a plant whose watering is its owner's own to follow its species' seasons again", async () => {
    const user = userEvent.setup({ delay: null });
    const { wateringSeason: _season, ...own } = { ...FOLLOWING, wateringFrequency: 'Every 4 days' };
    vi.mocked(getSpecies).mockResolvedValue(ORCHID);
    vi.mocked(getPlant).mockResolvedValue({ ...own, wateringFollows: 'own' });
    vi.mocked(updatePlant).mockResolvedValue({ modifiedCount: 1 });
    renderDetails();
    expect(await screen.findByText('The watering frequency is your own.')).toBeInTheDocument();
    expect(screen.getByText('Every 4 days')).toBeInTheDocument();
    vi.mocked(getPlant).mockResolvedValue(FOLLOWING);
    await user.click(screen.getByRole('button', { name: "Follow the species' seasons" }));
    expect(updatePlant).toHaveBeenCalledWith(
      'p1',
      expect.objectContaining({
        wateringFollows: 'species',
        wateringFrequency: 'Every 4 days',
        plantName: 'Moth Orchid',
      }),
    );
    expect(await screen.findByText(SEASON_TEXT)).toBeInTheDocument();
    expect(toast.success).toHaveBeenCalledWith("Moth Orchid follows its species' seasons again");
  });

  it("draws the visitor's view first and turns the owner's controls on when the signed-in view arrives", async () => {
    let answerSignedIn: (plant: Plant) => void = () => {};
    vi.mocked(getPlant).mockImplementation((_id, _signal, auth) =>
      auth === 'none' ? Promise.resolve(PLANT) : new Promise((resolve) => (answerSignedIn = resolve)),
    );
    renderDetails();
    expect(await screen.findByRole('heading', { level: 1, name: 'Moth Orchid' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit Plant' })).not.toBeInTheDocument();
    await act(async () => answerSignedIn({ ...PLANT, ownerUid: 'owner-1', userEmail: ME.email }));
    expect(await screen.findByRole('link', { name: 'Edit Plant' })).toBeInTheDocument();
  });

  it('shows no Edit link, no Watered button and no care history to anyone else, but the due badge to all', async () => {
    vi.mocked(getPlant).mockResolvedValue({ ...PLANT, nextWateringDate: '2000-01-01' });
    renderDetails();
    await screen.findByRole('heading', { level: 1, name: 'Moth Orchid' });
    expect(screen.queryByRole('link', { name: 'Edit Plant' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Watered Moth Orchid' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Care History' })).not.toBeInTheDocument();
    expect(screen.getByText(/^Overdue by \d+ days$/)).toHaveClass('bg-red-100');
    expect(listPlantEvents).not.toHaveBeenCalled();
  });

  it.each([
    { role: 'a member', may: ['view', 'care', 'edit', 'photo'] as const, edits: true },
    { role: 'a sitter', may: ['view', 'care'] as const, edits: false },
  ])('offers $role of the household only what the role may do', async ({ may, edits }) => {
    const shared = { ...PLANT, ownerUid: 'ana-uid', userName: 'Ana', shared: true, care: {}, may: [...may] };
    vi.mocked(getPlant).mockImplementation(async (_id, _signal, auth) => (auth === 'none' ? PLANT : shared));
    renderDetails();
    expect(await screen.findByRole('button', { name: 'Watered Moth Orchid' })).toBeInTheDocument();
    expect(screen.getByText(/^Shared with you by Ana\./)).toHaveTextContent(
      edits ? 'You can care for it, edit it and add photos' : 'As a sitter you can record care jobs and notes.',
    );
    const history = await screen.findByRole('region', { name: 'Care History' });
    expect(within(history).getByRole('form', { name: 'Add a note' })).toBeInTheDocument();
    expect(listPlantEvents).toHaveBeenCalledWith('p1', expect.any(AbortSignal));
    const gallery = screen.getByRole('region', { name: 'Photos' });
    const hasEdit = screen.queryByRole('link', { name: 'Edit Plant' }) !== null;
    const uploads = within(history).queryByLabelText('Or upload a new photo (optional)') !== null;
    const adds = within(gallery).queryByRole('form', { name: 'Add a photo' }) !== null;
    expect({ hasEdit, uploads, adds }).toEqual({ hasEdit: edits, uploads: edits, adds: edits });
    expect(screen.getByText(/No fertilizing, repotting, pruning or misting is tracked\./)).toHaveTextContent(
      edits ? /Edit Plant sets them/ : /tracked\.$/,
    );
  });

  it('lets the owner record a watering: the dates and badge change at once and the history is read again', async () => {
    const user = userEvent.setup({ delay: null });
    const owned = { ...PLANT, ownerUid: 'owner-1', nextWateringDate: '2000-01-01' };
    vi.mocked(getPlant).mockResolvedValue(owned);
    vi.mocked(listPlantEvents).mockResolvedValueOnce([
      {
        _id: 'e1',
        type: 'added',
        at: '2026-01-01T10:00:00.000Z',
        changes: { healthStatus: { from: null, to: 'needs attention' } },
        lastWateredDate: null,
        nextWateringDate: null,
      },
    ]);
    renderDetails();
    const history = await screen.findByRole('region', { name: 'Care History' });
    expect(await within(history).findByText(/: Added$/)).toBeInTheDocument();
    expect(within(history).getByText('Health status: "needs attention"')).toBeInTheDocument();

    vi.mocked(doCareJob).mockResolvedValue({
      ...owned,
      lastWateredDate: '2099-03-10',
      nextWateringDate: '2099-03-20',
      updatedAt: '2026-03-10T00:00:00.000Z',
    });
    vi.mocked(listPlantEvents).mockResolvedValueOnce([
      {
        _id: 'e2',
        type: 'watered',
        at: '2026-03-10T10:00:00.000Z',
        date: '2099-03-10',
        lastWateredDate: '2099-03-10',
        nextWateringDate: '2099-03-20',
      },
    ]);
    await user.click(screen.getByRole('button', { name: 'Watered Moth Orchid' }));
    const fact = (term: string) => screen.getByText(term, { selector: 'dt' }).nextElementSibling;
    expect(await screen.findByText('March 20, 2099')).toBeInTheDocument();
    expect(fact('Last Watered')).toHaveTextContent('March 10, 2099');
    expect(screen.getByText(/^Due in \d+ days$/)).toHaveClass('bg-green-100');
    expect(await within(history).findByText('March 10, 2099')).toBeInTheDocument();
    expect(within(history).getByText(/: Watered$/)).toBeInTheDocument();
    expect(listPlantEvents).toHaveBeenCalledTimes(2);
    expect(toast.success).toHaveBeenCalledWith(
      'Watered Moth Orchid',
      expect.objectContaining({ action: expect.objectContaining({ label: 'Undo' }) }),
    );
  });

  it("says 'Plant not found' for an unknown id", async () => {
    vi.mocked(getPlant).mockRejectedValue(new ApiError(404, 'not_found', 'No such plant.'));
    renderDetails('missing');
    expect(await screen.findByRole('heading', { level: 1, name: 'Plant not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '← Back to All Plants' })).toBeInTheDocument();
  });

  it("shows everyone the plant's species card and its pet-safety badge", async () => {
    vi.mocked(getPlant).mockResolvedValue({
      ...PLANT,
      speciesId: ORCHID._id,
      toxicToCats: false,
      toxicToDogs: false,
    });
    vi.mocked(getSpecies).mockResolvedValue(ORCHID);
    vi.mocked(currentUser).mockResolvedValue(null);
    vi.mocked(useAuth).mockReturnValue({ loading: false, user: null });
    renderDetails();
    await screen.findByRole('heading', { level: 1, name: 'Moth Orchid' });
    expect(screen.getByText('Safe for cats and dogs')).toHaveClass('bg-green-100');
    const card = screen.getByRole('region', { name: 'Species' });
    expect(await within(card).findByText('Phalaenopsis amabilis')).toBeInTheDocument();
    expect(within(card).getByText('Lowest temperature: 15 °C')).toBeInTheDocument();
    expect(within(card).getByText('Safe for cats and dogs.')).toBeInTheDocument();
    expect(within(card).getAllByText('in use now')).toHaveLength(1);
    expect(getSpecies).toHaveBeenCalledWith(ORCHID._id, expect.any(AbortSignal));
  });

  it('shows no species card and no pet badge for a plant without a species', async () => {
    vi.mocked(getPlant).mockResolvedValue(PLANT);
    renderDetails();
    await screen.findByRole('heading', { level: 1, name: 'Moth Orchid' });
    expect(screen.queryByRole('region', { name: 'Species' })).not.toBeInTheDocument();
    expect(screen.queryByText(/cats|dogs/)).not.toBeInTheDocument();
    expect(getSpecies).not.toHaveBeenCalled();
  });

  it('says why the species could not be read, and reads it again on Try again', async () => {
    vi.mocked(getPlant).mockResolvedValue({ ...PLANT, speciesId: ORCHID._id, toxicToCats: true, toxicToDogs: null });
    vi.mocked(getSpecies)
      .mockRejectedValueOnce(new ApiError(503, 'unavailable', 'The server is busy right now.'))
      .mockResolvedValue({ ...ORCHID, toxicToCats: true, toxicToDogs: null });
    renderDetails();
    const card = await screen.findByRole('region', { name: 'Species' });
    expect(screen.getByText('Toxic to cats')).toHaveClass('bg-red-100');
    expect(screen.getByText('Not known for dogs: treat as possibly harmful')).toHaveClass('bg-amber-100');
    expect(await within(card).findByRole('alert')).toHaveTextContent('The server is busy right now.');
    await userEvent.setup({ delay: null }).click(within(card).getByRole('button', { name: 'Try again' }));
    expect(
      await within(card).findByText('Toxic to cats. Not known for dogs: treat as possibly harmful.'),
    ).toBeInTheDocument();
    expect(within(card).queryByRole('alert')).not.toBeInTheDocument();
    expect(getSpecies).toHaveBeenCalledTimes(2);
  });

  it('shows a failed load as a sentence with a retry', async () => {
    vi.mocked(getPlant)
      .mockRejectedValueOnce(
        new ApiError(503, 'unavailable', 'The server is busy right now. Please try again in a moment.'),
      )
      .mockResolvedValue(PLANT);
    renderDetails();
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy right now.');
    await userEvent.setup({ delay: null }).click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moth Orchid' })).toBeInTheDocument();
  });

  it('takes in the plant and its care history again when the service worker says they changed elsewhere', async () => {
    const owned = { ...PLANT, _id: 'p9', ownerUid: 'owner-1' };
    vi.mocked(getPlant).mockResolvedValue(owned);
    renderDetails('p9');
    const history = await screen.findByRole('region', { name: 'Care History' });
    expect(await within(history).findByText('Nothing recorded yet.')).toBeInTheDocument();

    // Watered on another device: the history is read again.
    vi.mocked(listPlantEvents).mockResolvedValue([
      {
        _id: 'e2',
        type: 'watered',
        at: '2026-03-10T10:00:00.000Z',
        date: '2026-03-10',
        lastWateredDate: '2026-03-10',
        nextWateringDate: '2026-03-20',
      },
    ]);
    act(() => announceUpdatedAnswer(`${window.location.origin}/mango/p9/events?__as=user`));
    expect(await within(history).findByText(/: Watered$/)).toBeInTheDocument();
    expect(getPlant).toHaveBeenCalledTimes(2);

    // Renamed there: the route loads the plant again.
    vi.mocked(getPlant).mockResolvedValue({
      ...owned,
      plantName: 'Moth Orchid (kitchen)',
      updatedAt: '2026-03-10T00:00:00.000Z',
    });
    act(() => announceUpdatedAnswer(`${window.location.origin}/mango/p9`));
    expect(await screen.findByRole('heading', { level: 1, name: 'Moth Orchid (kitchen)' })).toBeInTheDocument();
  });

  describe('care beyond watering', () => {
    const today = localToday();
    const care = {
      fertilize: {
        frequency: 'Monthly',
        lastDate: addDays(today, -35),
        nextDate: addDays(today, -5),
        intervalDays: 30,
      },
    };
    // Visitors' answers carry no care: the owner's come with the signed-in view.
    const asOwner = (plant: Plant) =>
      vi.mocked(getPlant).mockImplementation(async (_id, _signal, auth) => (auth === 'none' ? PLANT : plant));

    beforeEach(() => {
      vi.mocked(doCareJob).mockReset();
      vi.mocked(undoCareJob).mockReset();
      vi.mocked(addNote).mockReset();
      vi.mocked(deleteNote).mockReset();
      vi.mocked(confirmDialog).mockReset();
      vi.mocked(toast.info).mockReset();
    });

    it('shows each tracked task with its due badge, and Done and its Undo change it at once', async () => {
      const user = userEvent.setup({ delay: null });
      const owned = { ...PLANT, ownerUid: 'owner-1', care };
      asOwner(owned);
      renderDetails();
      const section = await screen.findByRole('region', { name: 'More care' });
      const row = within(section).getByRole('listitem');
      expect(within(row).getByRole('heading', { level: 3, name: 'Fertilize' })).toBeInTheDocument();
      expect(within(row).getByText('Overdue by 5 days')).toHaveClass('bg-red-100');
      expect(row).toHaveTextContent('Monthly');

      vi.mocked(doCareJob).mockResolvedValue({
        ...owned,
        care: { fertilize: { ...care.fertilize, lastDate: today, nextDate: addDays(today, 30) } },
      });
      await user.click(within(row).getByRole('button', { name: 'Done fertilizing Moth Orchid' }));
      expect(doCareJob).toHaveBeenCalledWith('p1', 'fertilize', today, expect.any(String));
      expect(await within(row).findByText('Due in 30 days')).toHaveClass('bg-green-100');
      expect(toast.success).toHaveBeenCalledWith(
        'Fertilized Moth Orchid',
        expect.objectContaining({ action: expect.objectContaining({ label: 'Undo' }) }),
      );
      expect(listPlantEvents).toHaveBeenCalledTimes(2);

      vi.mocked(undoCareJob).mockResolvedValue(owned);
      const undo = vi.mocked(toast.success).mock.calls.at(-1)![1]!.action!.onClick;
      await act(async () => undo());
      expect(undoCareJob).toHaveBeenCalledWith('p1', 'fertilize');
      expect(await within(row).findByText('Overdue by 5 days')).toBeInTheDocument();
      expect(toast.info).toHaveBeenCalledWith('Fertilizing of Moth Orchid undone');
    });

    it('records a job on an earlier day from its panel', async () => {
      const user = userEvent.setup({ delay: null });
      asOwner({ ...PLANT, ownerUid: 'owner-1', care });
      vi.mocked(doCareJob).mockResolvedValue({ ...PLANT, ownerUid: 'owner-1', care });
      renderDetails();
      const section = await screen.findByRole('region', { name: 'More care' });
      await user.click(within(section).getByRole('button', { name: 'Fertilized Moth Orchid earlier' }));
      const day = within(section).getByLabelText('Day fertilized');
      expect(day).toHaveFocus();
      expect(day).toHaveAttribute('min', care.fertilize.lastDate);
      await user.clear(day);
      await user.type(day, addDays(today, -2));
      await user.click(within(section).getByRole('button', { name: 'Save fertilizing of Moth Orchid' }));
      expect(doCareJob).toHaveBeenCalledWith('p1', 'fertilize', addDays(today, -2), expect.any(String));
    });

    it('keeps a journal: notes with their photo, added with one of the photos and deleted after a confirm', async () => {
      const user = userEvent.setup({ delay: null });
      const photo = {
        _id: 'ph1',
        url: '/mango/p1/photos/ph1/full.webp',
        cardUrl: '/mango/p1/photos/ph1/card.webp',
        thumbUrl: '/mango/p1/photos/ph1/thumb.webp',
        width: 800,
        height: 600,
        caption: 'Spike',
        takenOn: '2026-03-02',
        createdAt: '2026-03-02T10:00:00.000Z',
      };
      vi.mocked(listPhotos).mockResolvedValue([photo]);
      asOwner({ ...PLANT, ownerUid: 'owner-1', care: {} });
      renderDetails();
      const history = await screen.findByRole('region', { name: 'Care History' });
      expect(await within(history).findByText('Nothing recorded yet.')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'More care' })).toHaveTextContent(
        'No fertilizing, repotting, pruning or misting is tracked.',
      );

      // Text is required, beside its field.
      const form = within(history).getByRole('form', { name: 'Add a note' });
      await user.click(within(form).getByRole('button', { name: 'Add note' }));
      // The note's rules load at the first check (the page draws without them).
      await waitFor(() =>
        expect(within(form).getByLabelText('Note')).toHaveAccessibleDescription('Note text is required.'),
      );
      expect(addNote).not.toHaveBeenCalled();

      const note = {
        _id: 'n1',
        type: 'note',
        at: '2026-03-05T10:00:00.000Z',
        date: '2026-03-04',
        text: 'A flower spike!',
        photoId: 'ph1',
        lastWateredDate: null,
        nextWateringDate: null,
      };
      vi.mocked(addNote).mockResolvedValue(note);
      vi.mocked(listPlantEvents).mockResolvedValue([note]);
      await user.type(within(form).getByLabelText('Note'), 'A flower spike!');
      await user.type(within(form).getByLabelText('Date (optional)'), '2026-03-04');
      await user.selectOptions(within(form).getByLabelText('Photo (optional)'), 'Photo taken March 2, 2026: Spike');
      await user.click(within(form).getByRole('button', { name: 'Add note' }));
      expect(addNote).toHaveBeenCalledWith('p1', { text: 'A flower spike!', date: '2026-03-04', photoId: 'ph1' });
      expect(await within(form).findByRole('status')).toHaveTextContent('Note added.');
      expect(within(form).getByLabelText('Note')).toHaveValue('');

      const entry = (await within(history).findByText('A flower spike!')).closest('li')!;
      expect(entry).toHaveTextContent('March 4, 2026: Note');
      expect(within(entry).getByRole('img', { name: 'Moth Orchid, photo taken March 2, 2026' })).toHaveAttribute(
        'src',
        photo.thumbUrl,
      );

      vi.mocked(confirmDialog).mockResolvedValueOnce(false);
      await user.click(within(entry).getByRole('button', { name: /^Delete the note of March 4, 2026/ }));
      expect(confirmDialog).toHaveBeenCalledWith(
        expect.objectContaining({ title: 'Are you sure?', confirmText: 'Yes, delete it!' }),
      );
      expect(deleteNote).not.toHaveBeenCalled();

      vi.mocked(confirmDialog).mockResolvedValueOnce(true);
      vi.mocked(deleteNote).mockResolvedValue();
      vi.mocked(listPlantEvents).mockResolvedValue([]);
      await user.click(within(entry).getByRole('button', { name: /^Delete the note of March 4, 2026/ }));
      expect(deleteNote).toHaveBeenCalledWith('p1', 'n1');
      expect(await within(history).findByText('Nothing recorded yet.')).toBeInTheDocument();
    });

    it("names who recorded a journal entry on a shared plant, and not the viewer's own", async () => {
      vi.mocked(listPhotos).mockResolvedValue([]);
      asOwner({ ...PLANT, ownerUid: 'owner-1', care: {} });
      const at = '2026-03-05T10:00:00.000Z';
      const entry = { at, lastWateredDate: null, nextWateringDate: null };
      vi.mocked(listPlantEvents).mockResolvedValue([
        {
          ...entry,
          _id: 'e3',
          type: 'note',
          date: '2026-03-05',
          text: 'New leaf',
          by: { uid: 'ana', displayName: 'Ana' },
        },
        { ...entry, _id: 'e2', type: 'watered', date: '2026-03-04', by: { uid: 'ana', displayName: 'Ana' } },
        { ...entry, _id: 'e1', type: 'watered', date: '2026-03-03', by: { uid: 'owner-1', displayName: 'Me' } },
      ]);
      renderDetails();
      const history = await screen.findByRole('list', { name: 'Care history, newest first' });
      expect(
        within(history)
          .getAllByRole('listitem')
          .map((item) => item.querySelector('p')!.textContent),
      ).toEqual(['March 5, 2026: Note by Ana', 'March 4, 2026: Watered by Ana', 'March 3, 2026: Watered']);
    });
  });
});
