import type { Plant } from '@model';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuthState } from '@/lib/auth';
import { alertDialog, confirmDialog } from '@/lib/dialogs';
import { createPlant } from '../api/create-plant';
import { getSpecies } from '../api/get-species';
import { searchSpecies } from '../api/search-species';
import { updatePlant } from '../api/update-plant';
import { addItemForm, addPlantForm, updatePlantForm, type PlantFormVariant } from '../lib/plant-form-variants';
import { PlantForm } from './plant-form';
import { aSpecies } from '@/test/species';

let authState: AuthState;
vi.mock('@/lib/auth', () => ({ useAuth: () => authState }));
vi.mock('../api/create-plant', () => ({ createPlant: vi.fn() }));
vi.mock('../api/update-plant', () => ({ updatePlant: vi.fn() }));
vi.mock('../api/search-species', () => ({ searchSpecies: vi.fn() }));
vi.mock('../api/get-species', () => ({ getSpecies: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(), confirmDialog: vi.fn(), preloadDialogs: vi.fn() }));
vi.mock('@/lib/toast');

const species = aSpecies;

const MONSTERA = species({
  _id: 'monstera-deliciosa',
  scientificName: 'Monstera deliciosa',
  commonNames: ['Swiss cheese plant', 'Monstera'],
});
const BASIL = species({
  _id: 'ocimum-basilicum',
  scientificName: 'Ocimum basilicum',
  commonNames: ['Basil', 'Sweet basil'],
  family: 'Lamiaceae',
  category: 'Herbs',
  careLevel: 'moderate',
  watering: { summerDays: 2, winterDays: 4, rest: 'winter' },
  fertilizeDays: 14,
  repotDays: null,
});

const PLANT: Plant = {
  _id: 'p1',
  plantName: 'Big Leaf',
  category: 'flowering',
  careLevel: 'easy',
  healthStatus: 'Healthy',
  wateringFrequency: 'Every 7 days',
  lastWateredDate: '2026-07-10',
  nextWateringDate: '2026-07-17',
  speciesId: 'monstera-deliciosa',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderForm<Out>(variant: PlantFormVariant<Out>) {
  const router = createMemoryRouter(
    [
      { path: '/form', element: <PlantForm variant={variant} /> },
      { path: '*', element: <p>next page</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
}

async function pick(user: ReturnType<typeof userEvent.setup>, typed: string) {
  await user.type(screen.getByRole('combobox', { name: 'Species (optional)' }), typed);
  await screen.findByRole('listbox');
  await user.keyboard('{ArrowDown}{Enter}');
}

describe('PlantForm: the species box', () => {
  beforeAll(() => {
    // A northern time zone: July is the growing season, whatever zone the tests run in.
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
      return { ...resolvedOptions.call(this), timeZone: 'Europe/Berlin' };
    });
  });

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 6, 15, 9, 0));
    authState = {
      loading: false,
      user: { uid: 'u1', email: 'rosa@example.test', displayName: 'Rosa', photoURL: null },
    };
    vi.mocked(createPlant).mockReset().mockResolvedValue({ insertedId: 'new-id' });
    vi.mocked(updatePlant).mockReset().mockResolvedValue({ modifiedCount: 1 });
    vi.mocked(searchSpecies).mockReset();
    vi.mocked(getSpecies).mockReset().mockResolvedValue(MONSTERA);
    vi.mocked(confirmDialog).mockReset();
    vi.mocked(alertDialog).mockReset().mockResolvedValue(undefined);
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("fills Add Item's empty fields from the species without asking, and sends its id", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(searchSpecies).mockResolvedValue([BASIL]);
    renderForm(addItemForm);
    await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Kitchen basil');
    await pick(user, 'basil');

    // Care level held the form's own default: replaced without a question.
    expect(confirmDialog).not.toHaveBeenCalled();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('Herbs');
    expect(screen.getByRole('combobox', { name: 'Care Level' })).toHaveValue('moderate');
    expect(screen.getByLabelText('Watering Frequency')).toHaveValue('Every 2 days');
    expect(screen.getByLabelText('Next Watering Date')).toHaveValue('2026-07-17');
    expect(screen.getByLabelText('Fertilizing Frequency')).toHaveValue('Every 14 days');
    expect(screen.getByLabelText('Repotting Frequency')).toHaveValue('');
    const box = screen.getByRole('group', { name: 'Species (optional)' });
    expect(box).toHaveTextContent('Basil Ocimum basilicum');
    expect(box).toHaveTextContent("Watering every 2 days: the species' summer interval.");

    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findByText('next page');
    expect(createPlant).toHaveBeenCalledWith(
      expect.objectContaining({
        plantName: 'Kitchen basil',
        category: 'Herbs',
        careLevel: 'moderate',
        wateringFrequency: 'Every 2 days',
        nextWateringDate: '2026-07-17',
        care: { fertilize: { frequency: 'Every 14 days', lastDate: null, nextDate: '2026-07-29' } },
        speciesId: 'ocimum-basilicum',
      }),
    );
  });

  it('asks once before replacing what the user typed, and keeps it on no', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(searchSpecies).mockResolvedValue([MONSTERA]);
    vi.mocked(confirmDialog).mockResolvedValue(false);
    renderForm(addPlantForm);
    await user.selectOptions(screen.getByLabelText('Category'), 'succulent');
    await user.type(screen.getByLabelText('Watering Frequency'), 'Every 3 days');
    await pick(user, 'swiss');

    expect(confirmDialog).toHaveBeenCalledTimes(1);
    expect(confirmDialog).toHaveBeenCalledWith({
      title: 'Replace what you typed?',
      text: 'Swiss cheese plant suggests other values for Category (flowering) and Watering Frequency (Every 7 days).',
      confirmText: 'Replace',
      icon: 'question',
    });
    await vi.waitFor(() => expect(screen.getByLabelText('Care Level')).toHaveValue('easy'));
    expect(screen.getByLabelText('Category')).toHaveValue('succulent');
    expect(screen.getByLabelText('Watering Frequency')).toHaveValue('Every 3 days');
  });

  it('replaces what the user typed when they agree', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(searchSpecies).mockResolvedValue([MONSTERA]);
    vi.mocked(confirmDialog).mockResolvedValue(true);
    renderForm(addPlantForm);
    await user.selectOptions(screen.getByLabelText('Category'), 'succulent');
    await user.type(screen.getByLabelText('Last Watered Date'), '2026-07-12');
    await user.type(screen.getByLabelText('Watering Frequency'), 'Every 3 days');
    await pick(user, 'swiss');

    await vi.waitFor(() => expect(screen.getByLabelText('Category')).toHaveValue('flowering'));
    expect(screen.getByLabelText('Watering Frequency')).toHaveValue('Every 7 days');
    expect(screen.getByLabelText('Next Watering Date')).toHaveValue('2026-07-19');
  });

  it('sends the species with Add Plant, and starts over without it once the plant is added', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(searchSpecies).mockResolvedValue([MONSTERA]);
    renderForm(addPlantForm);
    await pick(user, 'swiss');
    expect(confirmDialog).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: 'Paste a link' }));
    await user.type(screen.getByLabelText('Plant Name'), 'Big Leaf');
    await user.type(screen.getByLabelText('Image URL'), 'https://example.com/leaf.jpg');
    await user.type(screen.getByLabelText('Health Status'), 'Healthy');
    await user.type(screen.getByLabelText('Last Watered Date'), '2026-07-12');
    await user.type(screen.getByLabelText('Description'), 'By the window.');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));

    await vi.waitFor(() => expect(alertDialog).toHaveBeenCalled());
    expect(createPlant).toHaveBeenCalledWith(
      expect.objectContaining({ category: 'flowering', careLevel: 'easy', speciesId: 'monstera-deliciosa' }),
    );
    expect(await screen.findByRole('combobox', { name: 'Species (optional)' })).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
  });

  it("shows the plant's species by its id when it cannot be loaded, and keeps it", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(getSpecies).mockRejectedValue(new TypeError('Failed to fetch'));
    renderForm(updatePlantForm(PLANT));
    expect(await screen.findByText("The plant's species (monstera-deliciosa) could not be loaded.")).toHaveRole(
      'status',
    );
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    await screen.findByText('next page');
    expect(updatePlant).toHaveBeenCalledWith('p1', expect.objectContaining({ speciesId: 'monstera-deliciosa' }));
  });

  it("starts Update from the plant's species, and sends null once it is cleared", async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(updatePlantForm(PLANT));
    const box = await screen.findByRole('group', { name: 'Species (optional)' });
    expect(await within(box).findByText('Swiss cheese plant')).toBeVisible();
    expect(getSpecies).toHaveBeenCalledWith('monstera-deliciosa', expect.any(AbortSignal));

    await user.click(screen.getByRole('button', { name: 'Clear species' }));
    expect(screen.getByRole('combobox', { name: 'Species (optional)' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    await screen.findByText('next page');
    expect(updatePlant).toHaveBeenCalledWith('p1', expect.objectContaining({ speciesId: null }));
  });

  it("keeps Update's species when it is left alone", async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(updatePlantForm(PLANT));
    await screen.findByText('Swiss cheese plant');
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    await screen.findByText('next page');
    expect(updatePlant).toHaveBeenLastCalledWith('p1', expect.objectContaining({ speciesId: 'monstera-deliciosa' }));
  });

  it('sends no species for a plant that never had one', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(updatePlantForm({ ...PLANT, speciesId: undefined }));
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    await screen.findByText('next page');
    expect(getSpecies).not.toHaveBeenCalled();
    expect(vi.mocked(updatePlant).mock.calls[0]![1]).not.toHaveProperty('speciesId');
  });
});
