import type { Plant } from '@model';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createPlant } from '@/features/plants/api/create-plant';
import { updatePlant } from '@/features/plants/api/update-plant';
import { ApiError } from '@/lib/api-client';
import type { AuthState } from '@/lib/auth';
import type { PlaceOption } from '../hooks/use-place-choice';
import { addItemForm, addPlantForm, updatePlantForm } from '../lib/plant-form-variants';
import { PlantForm } from './plant-form';

// The plant form's Place box: one of the reader's places, none, or a new one made on saving.

let authState: AuthState;
vi.mock('@/lib/auth', () => ({ useAuth: () => authState }));
vi.mock('@/features/plants/api/create-plant', () => ({ createPlant: vi.fn() }));
vi.mock('@/features/plants/api/update-plant', () => ({ updatePlant: vi.fn() }));
vi.mock('@/lib/toast');
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(async () => undefined), preloadDialogs: () => {} }));

/** The places feature's words for a refused place, as the page hands them over. */
const TAKEN = 'There is already a place called that.';

function option(placeId: string | null = null): PlaceOption {
  return {
    places: [
      { id: 'k', name: 'Kitchen' },
      { id: 'h', name: 'Hall', shared: true },
    ],
    placeId,
    create: vi.fn(async () => 'new-place'),
    failure: (error) => (error instanceof ApiError && error.code === 'name_taken' ? TAKEN : null),
  };
}

function renderForm(element: React.ReactNode) {
  const router = createMemoryRouter(
    [
      { path: '/form', element },
      { path: '/dashboard/my-items', element: <p>my items page</p> },
      { path: '/myPlants', element: <p>my plants page</p> },
    ],
    { initialEntries: ['/form'] },
  );
  render(<RouterProvider router={router} />);
}

async function fillItem(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Mint');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Herbs');
}

const sentPlant = () => vi.mocked(createPlant).mock.calls.at(-1)![0];

describe('PlantForm: the Place box', () => {
  beforeEach(() => {
    authState = { loading: false, user: { uid: 'u1', email: 'me@example.test', displayName: 'Me', photoURL: null } };
    vi.mocked(createPlant).mockReset().mockResolvedValue({ insertedId: 'x' });
    vi.mocked(updatePlant).mockReset().mockResolvedValue({ modifiedCount: 1 });
  });

  it("is not there without the reader's places, and a new plant then says nothing of a place", async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(<PlantForm variant={addItemForm} />);
    expect(screen.queryByRole('combobox', { name: 'Place' })).not.toBeInTheDocument();
    await fillItem(user);
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findByText('my items page');
    expect(sentPlant()).not.toHaveProperty('placeId');
  });

  it("offers no place, the reader's places and a new one, and sends the place chosen", async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(<PlantForm variant={addItemForm} place={option()} />);
    const box = screen.getByRole('combobox', { name: 'Place' });
    expect(
      within(box)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['No place', 'Kitchen', 'Hall (shared)', 'A new place...']);
    expect(box).toHaveValue('');
    await fillItem(user);
    await user.selectOptions(box, 'Kitchen');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findByText('my items page');
    expect(sentPlant()).toMatchObject({ plantName: 'Mint', placeId: 'k' });
  });

  it('sends no place for "No place" on a new plant', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm(<PlantForm variant={addItemForm} place={option()} />);
    await fillItem(user);
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findByText('my items page');
    expect(sentPlant()).not.toHaveProperty('placeId');
  });

  it('makes a place typed as a new one (name and light required) before the plant, and sends its id', async () => {
    const user = userEvent.setup({ delay: null });
    const place = option();
    renderForm(<PlantForm variant={addItemForm} place={place} />);
    await fillItem(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Place' }), 'A new place...');
    const name = screen.getByRole('textbox', { name: "New place's name" });
    expect(name).toHaveAccessibleDescription('It is made when the plant is saved.');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Name the new place, or choose another.')).toBeVisible();
    expect(screen.getByText('Say how much light the new place gets.')).toBeVisible();
    expect(name).toHaveFocus();
    expect(place.create).not.toHaveBeenCalled();
    expect(createPlant).not.toHaveBeenCalled();

    await user.type(name, ' Balcony ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Light there' }), 'Full sun');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findByText('my items page');
    expect(place.create).toHaveBeenCalledWith('Balcony', 'full-sun');
    expect(sentPlant()).toMatchObject({ placeId: 'new-place' });
  });

  it("takes a typed name that is one of the reader's places (letter case aside) as that place", async () => {
    const user = userEvent.setup({ delay: null });
    const place = option();
    renderForm(<PlantForm variant={addItemForm} place={place} />);
    await fillItem(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Place' }), 'A new place...');
    await user.type(screen.getByRole('textbox', { name: "New place's name" }), 'kitchen');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Light there' }), 'Low light');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findByText('my items page');
    expect(place.create).not.toHaveBeenCalled();
    expect(sentPlant()).toMatchObject({ placeId: 'k' });
  });

  it("says a refused place's sentence under its name and sends no plant; a plant refused after its place was made makes no second place", async () => {
    const user = userEvent.setup({ delay: null });
    const place = option();
    vi.mocked(place.create).mockRejectedValueOnce(new ApiError(409, 'name_taken', 'Taken.'));
    renderForm(<PlantForm variant={addPlantForm} place={place} />);
    await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Mint');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'fern');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Care Level' }), 'easy');
    await user.type(screen.getByRole('textbox', { name: 'Watering Frequency' }), 'Weekly');
    await user.type(screen.getByLabelText('Health Status'), 'Healthy');
    await user.type(screen.getByLabelText('Last Watered Date'), '2026-06-01');
    await user.clear(screen.getByLabelText('Next Watering Date'));
    await user.type(screen.getByLabelText('Next Watering Date'), '2026-06-08');
    await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Fresh.');
    await user.click(screen.getByRole('radio', { name: 'Paste a link' }));
    await user.type(screen.getByRole('textbox', { name: 'Image URL' }), 'https://example.com/mint.jpg');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Place' }), 'A new place...');
    await user.type(screen.getByRole('textbox', { name: "New place's name" }), 'Balcony');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Light there' }), 'Full sun');

    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(TAKEN);
    expect(screen.getByRole('textbox', { name: "New place's name" })).toHaveAccessibleDescription(
      `${TAKEN} It is made when the plant is saved.`,
    );
    expect(createPlant).not.toHaveBeenCalled();

    vi.mocked(createPlant).mockRejectedValueOnce(new ApiError(503, 'unavailable', 'The server is busy.'));
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The server is busy.');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    await vi.waitFor(() => expect(createPlant).toHaveBeenCalledTimes(2));
    expect(place.create).toHaveBeenCalledTimes(2);
    expect(sentPlant()).toMatchObject({ placeId: 'new-place' });
  });

  it('on Update, starts from where the plant stands and sends null when it is taken out', async () => {
    const user = userEvent.setup({ delay: null });
    const plant: Plant = {
      _id: 'p1',
      plantName: 'Mint',
      category: 'fern',
      careLevel: 'easy',
      healthStatus: 'Healthy',
      wateringFrequency: 'Weekly',
      lastWateredDate: '2026-06-01',
      nextWateringDate: '2026-06-08',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    renderForm(<PlantForm variant={updatePlantForm(plant)} place={option('h')} />);
    const box = screen.getByRole('combobox', { name: 'Place' });
    expect(box).toHaveValue('h');
    await user.selectOptions(box, 'No place');
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    await screen.findByText('my plants page');
    expect(vi.mocked(updatePlant).mock.calls[0]![1]).toMatchObject({ placeId: null });
  });
});
