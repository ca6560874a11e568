import type { Plant } from '@model';
import type { CareSchedules } from '@model/care-tasks';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerSuggestion } from '@/features/care/api/answer-suggestion';
import { checkCareJob } from '@/features/care/api/check-care-job';
import { doCareJob } from '@/features/care/api/do-care-job';
import { doCareJobs } from '@/features/care/api/do-care-jobs';
import { undoCareJob } from '@/features/care/api/undo-care-job';
import { undoWaterings } from '@/features/care/api/undo-waterings';
import { apiFetch } from '@/lib/api-client';
import { currentUser } from '@/lib/auth';
import { announceUpdatedAnswer } from '@/lib/server-state';
import { toast, type ToastOptions } from '@/lib/toast';
import { fakePlantApi } from '@/test/fake-plant-api';
import { renderRoutes } from '@/test/render-route';
import * as route from './today';

vi.mock('@/lib/api-client');
vi.mock('@/features/care/api/undo-waterings', () => ({ undoWaterings: vi.fn() }));
vi.mock('@/features/care/api/do-care-job', () => ({ doCareJob: vi.fn() }));
vi.mock('@/features/care/api/check-care-job', () => ({ checkCareJob: vi.fn() }));
vi.mock('@/features/care/api/answer-suggestion', () => ({ answerSuggestion: vi.fn() }));
vi.mock('@/features/care/api/do-care-jobs', () => ({ doCareJobs: vi.fn() }));
vi.mock('@/features/care/api/undo-care-job', () => ({ undoCareJob: vi.fn() }));
vi.mock('@/lib/auth', () => ({ currentUser: vi.fn() }));
vi.mock('@/lib/toast');

const monthly = (nextDate: string) => ({ frequency: 'Monthly', lastDate: '2026-02-01', nextDate, intervalDays: 30 });

const plant = (id: string, plantName: string, nextWateringDate?: string, care: CareSchedules = {}): Plant => ({
  _id: id,
  plantName,
  category: 'fern',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  wateringFrequency: 'Every 3 days',
  wateringIntervalDays: 3,
  ...(nextWateringDate ? { nextWateringDate, lastWateredDate: '2026-03-01' } : {}),
  care,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});

function renderPage() {
  renderRoutes([{ path: '/dashboard/today', ...route }], '/dashboard/today');
}

let api: ReturnType<typeof fakePlantApi>;
/** The server's GET /mango/due (and the paged GET /mango), answering from these plants. */
function serve(plants: Plant[]) {
  api = fakePlantApi(plants);
  vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
}

const group = (name: RegExp) => screen.getByRole('region', { name });
/** A group's rows as they read: "Fertilize · Monstera". */
const rowsIn = (name: RegExp) =>
  within(group(name))
    .queryAllByRole('listitem')
    .map((row) => row.querySelector('p')!.textContent);
/** The Undo of the latest toast of that kind. */
const undoOf = (kind: 'success') => (vi.mocked(toast[kind]).mock.lastCall![1] as ToastOptions).action!.onClick;

describe('Dashboard Today', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 8, 0));
    vi.mocked(currentUser).mockResolvedValue({
      uid: 'u1',
      email: 'me@example.test',
      displayName: 'Me',
      photoURL: null,
    });
    for (const mock of [
      apiFetch,
      answerSuggestion,
      checkCareJob,
      undoWaterings,
      doCareJob,
      doCareJobs,
      undoCareJob,
      toast.success,
      toast.info,
      toast.error,
    ])
      vi.mocked(mock).mockReset();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('has a row per plant and job in Overdue, Today and Next 7 days, leaving out later and unscheduled jobs', async () => {
    serve([
      plant('a', 'Aloe', '2026-03-08'),
      plant('b', 'Basil', '2026-03-10', { fertilize: monthly('2026-03-10'), repot: monthly('2026-04-01') }),
      plant('c', 'Cactus', '2026-03-12'),
      plant('d', 'Daisy', '2026-03-20'),
      plant('e', 'Echeveria'),
      plant('f', 'Fern', '2026-03-25', { prune: monthly('2026-03-09'), mist: monthly('2026-03-15') }),
    ]);
    renderPage();
    expect(await screen.findByRole('region', { name: 'Overdue (2 jobs)' })).toBeInTheDocument();
    expect(rowsIn(/^Overdue/)).toEqual(['Water · Aloe', 'Prune · Fern']);
    expect(within(group(/^Overdue/)).getByText('Overdue by 2 days')).toBeInTheDocument();
    expect(rowsIn(/^Today/)).toEqual(['Water · Basil', 'Fertilize · Basil']);
    expect(rowsIn(/^Next 7 days/)).toEqual(['Water · Cactus', 'Mist · Fern']);
    expect(screen.queryByText(/Daisy|Echeveria|Repot/)).not.toBeInTheDocument();
    const today = within(group(/^Today/));
    expect(today.getByRole('button', { name: 'Watered Basil' })).toBeInTheDocument();
    expect(today.getByRole('button', { name: 'Done: Fertilize Basil' })).toBeInTheDocument();
    expect(today.getAllByRole('link', { name: 'Basil' })[0]).toHaveAttribute('href', '/plant/b');
    expect(within(group(/^Overdue/)).getByRole('button', { name: 'Done: Prune Fern' })).toBeInTheDocument();
  });

  it("says whose a plant the household shares is, and nothing on the user's own", async () => {
    serve([
      { ...plant('a', 'Aloe', '2026-03-10'), ownerUid: 'ana', userName: 'Ana' },
      { ...plant('b', 'Basil', '2026-03-10'), ownerUid: 'u1', userName: 'Me', userEmail: 'me@example.test' },
    ]);
    renderPage();
    await screen.findByRole('region', { name: /^Today/ });
    const [aloe, basil] = within(group(/^Today/)).getAllByRole('listitem');
    expect(aloe).toHaveTextContent('Shared by Ana');
    expect(within(aloe!).getByRole('button', { name: 'Watered Aloe' })).toBeInTheDocument();
    expect(basil).not.toHaveTextContent(/Shared by/);
  });

  it('moves a watered plant out of its group at once', async () => {
    const user = userEvent.setup({ delay: null });
    serve([plant('a', 'Aloe', '2026-03-08')]);
    vi.mocked(doCareJob).mockResolvedValue({ ...plant('a', 'Aloe', '2026-03-13'), lastWateredDate: '2026-03-10' });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Watered Aloe' }));
    expect(await screen.findByText('Everything is done: nothing is overdue or due today.')).toBeInTheDocument();
    expect(rowsIn(/^Overdue/)).toEqual([]);
    expect(rowsIn(/^Next 7 days/)).toEqual(['Water · Aloe']);
    expect(doCareJob).toHaveBeenCalledWith('a', 'water', '2026-03-10', expect.any(String));
  });

  it('takes "Still moist" for a due watering: the row moves to the date the server answers, and Undo brings it back', async () => {
    const user = userEvent.setup({ delay: null });
    const aloe = plant('a', 'Aloe', '2026-03-08');
    serve([aloe]);
    vi.mocked(checkCareJob).mockResolvedValue({ ...aloe, nextWateringDate: '2026-03-11' });
    vi.mocked(undoWaterings).mockResolvedValue([aloe]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Checked Aloe: soil still moist' }));
    expect(checkCareJob).toHaveBeenCalledWith('a', 'water', expect.any(String));
    expect(await screen.findByText('Everything is done: nothing is overdue or due today.')).toBeInTheDocument();
    expect(rowsIn(/^Next 7 days/)).toEqual(['Water · Aloe']);
    expect(toast.success).toHaveBeenCalledWith(
      'Checked Aloe: soil still moist. Next watering: March 11, 2026',
      expect.objectContaining({ action: expect.objectContaining({ label: 'Undo' }) }),
    );
    expect(doCareJob).not.toHaveBeenCalled();

    await act(async () => undoOf('success')());
    expect(undoWaterings).toHaveBeenCalledWith(['a']);
    expect(rowsIn(/^Overdue/)).toEqual(['Water · Aloe']);
    expect(toast.info).toHaveBeenCalledWith('Check-in of Aloe undone');
  });

  it("offers what a plant's rhythm suggests on its job's row: Use sets it, Keep leaves the schedule", async () => {
    const user = userEvent.setup({ delay: null });
    const suggestion = { task: 'water' as const, everyDays: 5, basis: 'watered every 5 days on average, not every 3' };
    const aloe = { ...plant('a', 'Aloe', '2026-03-10', { fertilize: monthly('2026-03-10') }), suggestion };
    const basil = { ...plant('b', 'Basil', '2026-03-10'), suggestion: { ...suggestion, everyDays: 6 } };
    serve([aloe, basil]);
    const { suggestion: _used, ...used } = { ...aloe, wateringFrequency: 'Every 5 days', wateringIntervalDays: 5 };
    vi.mocked(answerSuggestion).mockResolvedValueOnce(used);
    renderPage();
    const [aloeRow, fertilizeRow] = within(await screen.findByRole('region', { name: /^Today/ })).getAllByRole(
      'listitem',
    );
    // On the watering's row only.
    expect(within(fertilizeRow!).queryByRole('group', { name: /Suggestion/ })).not.toBeInTheDocument();
    const offer = within(aloeRow!).getByRole('group', { name: 'Suggestion for Aloe' });
    expect(offer).toHaveTextContent('Watered every 5 days on average, not every 3.');
    expect(within(offer).getByRole('button', { name: 'Keep 3 days for Aloe' })).toHaveTextContent('Keep 3');
    await user.click(within(offer).getByRole('button', { name: 'Use every 5 days for Aloe' }));
    expect(answerSuggestion).toHaveBeenCalledWith('a', 'water', { answer: 'use', everyDays: 5 });
    expect(toast.success).toHaveBeenCalledWith('Aloe: watering every 5 days from now on');
    expect(await screen.findByText('Every 5 days')).toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Suggestion for Aloe' })).not.toBeInTheDocument();

    const { suggestion: _kept, ...kept } = basil;
    vi.mocked(answerSuggestion).mockResolvedValueOnce(kept);
    await user.click(screen.getByRole('button', { name: 'Keep 3 days for Basil' }));
    expect(answerSuggestion).toHaveBeenLastCalledWith('b', 'water', { answer: 'keep' });
    expect(toast.success).toHaveBeenLastCalledWith('Basil keeps its watering schedule');
    await vi.waitFor(() => expect(screen.queryByRole('group', { name: /Suggestion/ })).not.toBeInTheDocument());
  });

  it("records a task's Done with its own call, moves the row at once, and Undo brings it back", async () => {
    const user = userEvent.setup({ delay: null });
    const monstera = plant('m', 'Monstera', '2026-03-14', { fertilize: monthly('2026-03-10') });
    serve([monstera]);
    vi.mocked(doCareJob).mockResolvedValue({
      ...monstera,
      care: { fertilize: { ...monthly('2026-04-09'), lastDate: '2026-03-10' } },
    });
    vi.mocked(undoCareJob).mockResolvedValue(monstera);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Done: Fertilize Monstera' }));
    expect(doCareJob).toHaveBeenCalledWith('m', 'fertilize', '2026-03-10', expect.any(String));
    expect(await screen.findByText('Everything is done: nothing is overdue or due today.')).toBeInTheDocument();
    expect(rowsIn(/^Today/)).toEqual([]);
    expect(rowsIn(/^Next 7 days/)).toEqual(['Water · Monstera']);
    expect(toast.success).toHaveBeenCalledWith(
      'Fertilized Monstera',
      expect.objectContaining({ action: expect.objectContaining({ label: 'Undo' }) }),
    );

    await act(async () => undoOf('success')());
    expect(undoCareJob).toHaveBeenCalledWith('m', 'fertilize');
    expect(rowsIn(/^Today/)).toEqual(['Fertilize · Monstera']);
    expect(toast.info).toHaveBeenCalledWith('Fertilizing of Monstera undone');
    expect(vi.mocked(doCareJob).mock.calls).toEqual([['m', 'fertilize', '2026-03-10', expect.any(String)]]);
  });

  it('says why a Done failed, and leaves the row where it was', async () => {
    const user = userEvent.setup({ delay: null });
    serve([plant('m', 'Monstera', undefined, { mist: monthly('2026-03-09') })]);
    vi.mocked(doCareJob).mockRejectedValue(new Error('offline'));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Done: Mist Monstera' }));
    expect(toast.error).toHaveBeenCalledWith('Monstera could not be marked as misted. Please try again.');
    expect(rowsIn(/^Overdue/)).toEqual(['Mist · Monstera']);
  });

  it('does every overdue and today job with one button, one request and one summary toast, and its Undo takes them all back', async () => {
    const user = userEvent.setup({ delay: null });
    const aloe = plant('a', 'Aloe', '2026-03-08', { fertilize: monthly('2026-03-10') });
    const basil = plant('b', 'Basil', '2026-03-12', { prune: monthly('2026-03-09') });
    const cactus = plant('c', 'Cactus', '2026-03-10');
    serve([aloe, basil, cactus]);
    const done = (p: Plant): Plant => ({
      ...p,
      nextWateringDate: '2026-03-13',
      care: Object.fromEntries(
        Object.entries(p.care ?? {}).map(([task, schedule]) => [task, { ...schedule, nextDate: '2026-04-09' }]),
      ),
    });
    vi.mocked(doCareJobs).mockResolvedValue([done(aloe), done(basil), done(cactus)]);
    vi.mocked(undoCareJob).mockImplementation(async (id) => (id === 'a' ? { ...done(aloe), care: aloe.care } : basil));
    vi.mocked(undoWaterings).mockResolvedValue([aloe, cactus]);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Do all due (4 jobs)' }));
    expect(await screen.findByText('Everything is done: nothing is overdue or due today.')).toBeInTheDocument();
    expect(doCareJobs).toHaveBeenCalledTimes(1);
    expect(doCareJobs).toHaveBeenCalledWith(
      [
        { plantId: 'a', task: 'water' },
        { plantId: 'b', task: 'prune' },
        { plantId: 'a', task: 'fertilize' },
        { plantId: 'c', task: 'water' },
      ],
      '2026-03-10',
    );
    expect(doCareJob).not.toHaveBeenCalled();
    expect(toast.success).toHaveBeenCalledWith(
      '4 jobs done',
      expect.objectContaining({ action: expect.objectContaining({ label: 'Undo' }) }),
    );
    expect(screen.queryByRole('button', { name: /Do all due/ })).not.toBeInTheDocument();

    // The care tasks one by one, then both waterings in one request.
    await act(async () => undoOf('success')());
    expect(vi.mocked(undoCareJob).mock.calls).toEqual([
      ['b', 'prune'],
      ['a', 'fertilize'],
    ]);
    expect(undoWaterings).toHaveBeenCalledWith(['a', 'c']);
    expect(toast.info).toHaveBeenCalledWith('4 jobs undone');
    expect(rowsIn(/^Overdue/)).toEqual(['Water · Aloe', 'Prune · Basil']);
    expect(rowsIn(/^Today/)).toEqual(['Fertilize · Aloe', 'Water · Cactus']);
  });

  it('does nothing of Do all due when the server refuses one job, and says so', async () => {
    const user = userEvent.setup({ delay: null });
    serve([plant('a', 'Aloe', '2026-03-08'), plant('b', 'Basil', undefined, { mist: monthly('2026-03-10') })]);
    vi.mocked(doCareJobs).mockRejectedValue(new Error('offline'));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Do all due (2 jobs)' }));
    expect(toast.error).toHaveBeenCalledWith('2 jobs could not be marked as done. Please try again.');
    expect(rowsIn(/^Overdue/)).toEqual(['Water · Aloe']);
    expect(rowsIn(/^Today/)).toEqual(['Mist · Basil']);
  });

  it('says everything is done when nothing is due, for a user with plants', async () => {
    serve([plant('d', 'Daisy', '2026-03-20', { fertilize: monthly('2026-04-01') })]);
    renderPage();
    expect(await screen.findByText('Everything is done: nothing is overdue or due today.')).toBeInTheDocument();
    expect(screen.getByText('Nothing is due in the next 7 days.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'No plants yet' })).not.toBeInTheDocument();
  });

  it('offers to add a plant when there is none', async () => {
    serve([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No plants yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add Your First Plant' })).toHaveAttribute('href', '/dashboard/add-item');
    expect(screen.queryByText(/Everything is done/)).not.toBeInTheDocument();
  });

  it("walks the home: what is due grouped by place in the reader's order, unplaced last, each with its Do all", async () => {
    const user = userEvent.setup({ delay: null });
    const kitchen = {
      id: 'k',
      name: 'Kitchen',
      light: 'medium',
      outdoor: false,
      order: 2,
      shared: false,
      plantCount: 1,
    };
    const balcony = {
      id: 'b',
      name: 'Balcony',
      light: 'full-sun',
      outdoor: true,
      order: 1,
      shared: false,
      plantCount: 2,
    };
    const at = (place: typeof kitchen) => ({ place: { id: place.id, name: place.name, light: place.light } });
    const aloe = { ...plant('a', 'Aloe', '2026-03-08'), ...at(balcony) } as Plant;
    const basil = { ...plant('b', 'Basil', '2026-03-10'), ...at(kitchen) } as Plant;
    const cactus = { ...plant('c', 'Cactus', '2026-03-10'), ...at(balcony) } as Plant;
    const fern = plant('f', 'Fern', '2026-03-09');
    const later = { ...plant('l', 'Lily', '2026-03-14'), ...at(kitchen) } as Plant;
    api = fakePlantApi([aloe, basil, cactus, fern, later], { places: [balcony, kitchen] as never });
    vi.mocked(apiFetch).mockImplementation((path) => api.answer(path) as never);
    vi.mocked(doCareJobs).mockResolvedValue([{ ...basil, nextWateringDate: '2026-03-13' }]);
    renderPage();

    expect(await screen.findByRole('region', { name: 'Balcony (2 jobs)' })).toBeInTheDocument();
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings.map((text) => text?.replace(/\s*\d+\s*\(.*\)$/, ''))).toEqual([
      'Balcony',
      'Kitchen',
      'Unplaced',
      'Next 7 days',
      'Add to calendar',
    ]);
    // Each place keeps the day's order: the overdue first.
    expect(rowsIn(/^Balcony/)).toEqual(['Water · Aloe', 'Water · Cactus']);
    expect(rowsIn(/^Kitchen/)).toEqual(['Water · Basil']);
    expect(rowsIn(/^Unplaced/)).toEqual(['Water · Fern']);
    expect(rowsIn(/^Next 7 days/)).toEqual(['Water · Lily']);

    // One request for the place's jobs, as Do all due makes for all of them.
    await user.click(screen.getByRole('button', { name: 'Do all in Kitchen' }));
    expect(doCareJobs).toHaveBeenCalledTimes(1);
    expect(doCareJobs).toHaveBeenCalledWith([{ plantId: 'b', task: 'water' }], '2026-03-10');
    await waitFor(() => expect(screen.queryByRole('region', { name: /^Kitchen/ })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Do all unplaced' })).toBeEnabled();
    // The walk without its counts: the server runs no count() per place for Today.
    expect(new Set(api.placesAsked)).toEqual(new Set(['/mango/places?plantCount=false']));
  });

  it('reads only the plants with a job due in the week ahead, with GET /mango/due, and nothing else when some are', async () => {
    const due = Array.from({ length: 120 }, (_, i) =>
      plant(`d${i}`, `Due ${String(i).padStart(3, '0')}`, '2026-03-09'),
    );
    const later = Array.from({ length: 150 }, (_, i) => plant(`l${i}`, `Later ${i}`, '2026-05-01'));
    serve([...due, ...later]);
    renderPage();
    // 120 rows take a second or more to draw in jsdom on a busy machine.
    expect(await screen.findByRole('region', { name: 'Overdue (120 jobs)' }, { timeout: 5000 })).toBeInTheDocument();
    // Two pages of the due plants: 120 of them, none of the later ones.
    expect(api.asked).toEqual(['/mango/due?until=2026-03-17', '/mango/due?until=2026-03-17&cursor=100']);
  }, 20_000);

  it('reads the plants again once the day has moved on (a tab left open overnight)', async () => {
    serve([plant('a', 'Aloe', '2026-03-11')]);
    renderPage();
    expect(await screen.findByRole('region', { name: 'Next 7 days (1 job)' })).toBeInTheDocument();
    expect(api.asked).toEqual(['/mango/due?until=2026-03-17']);
    vi.setSystemTime(new Date(2026, 2, 11, 7, 0));
    act(() => void document.dispatchEvent(new Event('visibilitychange')));
    expect(await screen.findByRole('region', { name: 'Today (1 job)' })).toBeInTheDocument();
    await vi.waitFor(() => expect(api.asked).toEqual(['/mango/due?until=2026-03-17', '/mango/due?until=2026-03-18']));
  });

  it('reads the plants again when the service worker says the due list changed elsewhere', async () => {
    serve([plant('a', 'Aloe', '2026-03-12', { fertilize: monthly('2026-03-08') })]);
    renderPage();
    expect(await screen.findByRole('region', { name: 'Overdue (1 job)' })).toBeInTheDocument();
    // Fertilized on another device: no longer overdue.
    serve([plant('a', 'Aloe', '2026-03-12', { fertilize: monthly('2026-04-07') })]);
    act(() => announceUpdatedAnswer(`${window.location.origin}/mango/due?until=2026-03-17&__as=user`));
    expect(await screen.findByText('Everything is done: nothing is overdue or due today.')).toBeInTheDocument();
    expect(rowsIn(/^Overdue/)).toEqual([]);
    expect(rowsIn(/^Next 7 days/)).toEqual(['Water · Aloe']);
  });

  describe('whose turn it is, in a household with a rota', () => {
    const me = { uid: 'u1', displayName: 'Me' };
    const ana = { uid: 'u2', displayName: 'Ana' };
    const turnPlants = (onDuty: { uid: string; displayName: string } | null): Plant[] => [
      { ...plant('a', 'Aloe', '2026-03-10'), ownerUid: 'u1', shared: false, onDuty: me },
      { ...plant('b', 'Basil', '2026-03-10'), ownerUid: 'u1', shared: true, onDuty },
      { ...plant('c', 'Cactus', '2026-03-10'), ownerUid: 'u2', userName: 'Ana', shared: true, onDuty: me },
    ];
    beforeEach(() => localStorage.clear());

    it('says "Your turn" and "Ana\'s turn", and "Only mine" (on by default, kept on this device) hides the others\' jobs', async () => {
      serve(turnPlants(ana));
      renderPage();
      const onlyMine = await screen.findByRole('checkbox', { name: /Only mine/ });
      expect(onlyMine).toBeChecked();
      expect(rowsIn(/^Today/)).toEqual(['Water · Aloe', 'Water · Cactus']);
      const rows = () => within(group(/^Today/)).getAllByRole('listitem');
      expect(within(rows()[1]!).getByText('Your turn')).toBeInTheDocument();
      // The user's own plant that is not shared is theirs anyway: no turn said.
      expect(within(rows()[0]!).queryByText(/turn/)).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: /Do all due \(2 jobs\)/ })).toBeInTheDocument();

      await userEvent.setup().click(onlyMine);
      expect(onlyMine).not.toBeChecked();
      expect(rowsIn(/^Today/)).toEqual(['Water · Aloe', 'Water · Basil', 'Water · Cactus']);
      expect(within(rows()[1]!).getByText("Ana's turn")).toBeInTheDocument();
      expect(localStorage.getItem('mango.today.onlyMine')).toBe('off');
    });

    it("names each job's own person when a plant's jobs fall on different turns, and Only mine keeps the rows that are mine", async () => {
      // Watered on Ana's turn (overdue: today's), fertilized on the user's (in two days).
      serve([
        {
          ...plant('d', 'Dill', '2026-03-09', { fertilize: monthly('2026-03-12') }),
          ownerUid: 'u2',
          userName: 'Ana',
          shared: true,
          onDuty: ana,
          onDutyByJob: { water: ana, fertilize: me },
        },
      ]);
      renderPage();
      const onlyMine = await screen.findByRole('checkbox', { name: /Only mine/ });
      expect(rowsIn(/^Overdue/)).toEqual([]);
      expect(rowsIn(/^Next 7 days/)).toEqual(['Fertilize · Dill']);
      expect(within(group(/^Next 7 days/)).getByText('Your turn')).toBeInTheDocument();

      await userEvent.setup().click(onlyMine);
      expect(rowsIn(/^Overdue/)).toEqual(['Water · Dill']);
      expect(within(group(/^Overdue/)).getByText("Ana's turn")).toBeInTheDocument();
      expect(within(group(/^Next 7 days/)).getByText('Your turn')).toBeInTheDocument();
    });

    it('offers no filter and says no turn when everyone gets every job', async () => {
      serve(turnPlants(null).map((p) => (p._id === 'c' ? { ...p, onDuty: null } : p)));
      renderPage();
      expect(await screen.findByRole('region', { name: 'Today (3 jobs)' })).toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: /Only mine/ })).not.toBeInTheDocument();
      expect(screen.queryByText(/turn/)).not.toBeInTheDocument();
    });
  });
});
