import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { alertDialog } from '@/lib/dialogs';
import { createPlant } from '../api/create-plant';
import { AddPlantForm } from './add-plant-form';

vi.mock('../api/create-plant', () => ({ createPlant: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(), preloadDialogs: vi.fn() }));

function renderForm() {
  const router = createMemoryRouter(
    [
      { path: '/addPlants', element: <AddPlantForm /> },
      { path: '/login', element: <p>login page</p> },
    ],
    { initialEntries: ['/addPlants'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const VALID = {
  'Plant Name': '  Snake Plant ',
  'Image URL': 'https://example.com/snake.jpg',
  'Watering Frequency': 'Every 10 days',
  'Health Status': 'Healthy',
  'Last Watered Date': '2026-03-01',
  'Next Watering Date': '2026-03-11',
  Description: 'Tall upright leaves.',
};

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  for (const [label, value] of Object.entries(VALID)) {
    // Clear first: the next watering date is suggested as soon as the frequency and last date are in.
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), value);
  }
  await user.selectOptions(screen.getByLabelText('Category'), 'succulent');
  await user.selectOptions(screen.getByLabelText('Care Level'), 'easy');
}

describe('AddPlantForm', () => {
  beforeEach(() => {
    vi.mocked(createPlant).mockReset();
    vi.mocked(alertDialog).mockReset().mockResolvedValue(undefined);
  });

  it("offers the spec's options for category and care level", () => {
    renderForm();
    const options = (label: string) => [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.value);
    expect(options('Category')).toEqual(['', 'succulent', 'fern', 'flowering', 'bonsai']);
    expect(options('Care Level')).toEqual(['', 'easy', 'moderate', 'difficult']);
  });

  it('requires all nine fields, with each error beside its field, and sends nothing', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));

    const expected: Record<string, string> = {
      'Plant Name': 'Plant name is required.',
      'Image URL': 'Image is required.',
      Category: 'Category is required.',
      'Care Level': 'Care level is required.',
      'Watering Frequency': 'Watering frequency is required.',
      'Health Status': 'Health status is required.',
      'Last Watered Date': 'Last watered date is required.',
      'Next Watering Date': 'Next watering date is required.',
      Description: 'Description is required.',
    };
    for (const [label, message] of Object.entries(expected)) {
      const field = await screen.findByLabelText(label);
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
    expect(screen.getByLabelText('Plant Name')).toHaveFocus();
    expect(createPlant).not.toHaveBeenCalled();
  });

  it('refuses an image link that is not http(s) and clears the error once fixed', async () => {
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    const image = screen.getByLabelText('Image URL');
    await user.clear(image);
    await user.type(image, 'javascript:alert(1)');
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByText('Image must be an http or https URL.')).toBeInTheDocument();
    expect(createPlant).not.toHaveBeenCalled();

    await user.clear(image);
    await user.type(image, 'https://example.com/ok.jpg');
    await waitFor(() => expect(image).not.toHaveAttribute('aria-invalid'));
  });

  it('sends the checked values, is busy while saving, then resets the form and its button as it says Success!', async () => {
    let answer!: (value: { insertedId: string }) => void;
    vi.mocked(createPlant).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    // The alert stays open until the test closes it, as a person reads it.
    let closeAlert!: () => void;
    vi.mocked(alertDialog).mockReturnValue(new Promise((resolve) => (closeAlert = resolve)));
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));

    expect(await screen.findByRole('button', { name: 'Adding Plant...' })).toBeDisabled();
    expect(createPlant).toHaveBeenCalledWith({
      image: 'https://example.com/snake.jpg',
      plantName: 'Snake Plant',
      wateringFrequency: 'Every 10 days',
      healthStatus: 'Healthy',
      lastWateredDate: '2026-03-01',
      nextWateringDate: '2026-03-11',
      category: 'succulent',
      careLevel: 'easy',
      description: 'Tall upright leaves.',
    });
    answer({ insertedId: 'new-id' });

    await waitFor(() => expect(alertDialog).toHaveBeenCalledWith({ icon: 'success', title: 'Success!', text: 'Plant added successfully!' }));
    // While the alert is still open: a fresh form, and a button that is no longer busy.
    expect(await screen.findByRole('button', { name: 'Add Plant' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Adding Plant...' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Plant Name').closest('form')).toHaveAttribute('aria-busy', 'false');
    expect(screen.getByLabelText('Plant Name')).toHaveValue('');
    expect(screen.getByLabelText('Category')).toHaveValue('');
    expect(screen.getByLabelText('Description')).toHaveValue('');
    expect(screen.getByLabelText('Plant Name')).not.toHaveFocus();

    act(() => closeAlert());
    await waitFor(() => expect(screen.getByLabelText('Plant Name')).toHaveFocus());
    expect(alertDialog).toHaveBeenCalledTimes(1);
  });

  it("shows the server's message and its field errors, keeping everything typed", async () => {
    vi.mocked(createPlant).mockRejectedValue(
      new ApiError(400, 'invalid_input', 'Next watering date must be a real date written YYYY-MM-DD.', {
        nextWateringDate: 'Next watering date must be a real date written YYYY-MM-DD.',
      }),
    );
    const user = userEvent.setup();
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Next watering date must be a real date written YYYY-MM-DD.');
    expect(screen.getByLabelText('Next Watering Date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Plant Name')).toHaveValue(VALID['Plant Name']);
    expect(screen.getByLabelText('Category')).toHaveValue('succulent');
    expect(screen.getByRole('button', { name: 'Add Plant' })).toBeEnabled();
    expect(alertDialog).not.toHaveBeenCalled();
  });

  it('sends a signed-out user to /login', async () => {
    vi.mocked(createPlant).mockRejectedValue(new ApiError(401, 'unauthenticated', 'Please sign in to do that.'));
    const user = userEvent.setup();
    const router = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/addPlants' } });
  });

  it('suggests the next watering date as the user types, never over a date set by hand', async () => {
    const user = userEvent.setup();
    renderForm();
    const frequency = screen.getByLabelText('Watering Frequency');
    const last = screen.getByLabelText('Last Watered Date');
    const next = screen.getByLabelText('Next Watering Date');

    await user.type(frequency, 'when dry');
    expect(frequency).toHaveAccessibleDescription(/^Not understood/);
    await user.clear(frequency);
    await user.type(frequency, 'Every 3 days');
    expect(frequency).toHaveAccessibleDescription('Understood as: Every 3 days');
    expect(next).toHaveValue('');

    await user.type(last, '2026-01-30');
    expect(next).toHaveValue('2026-02-02');
    expect(next).toHaveAccessibleDescription('Suggested from the last watering and the frequency. You can change it.');
    await user.clear(frequency);
    await user.type(frequency, 'weekly');
    expect(next).toHaveValue('2026-02-06');

    // A date the user sets stays, whatever they type next.
    await user.clear(next);
    await user.type(next, '2026-02-10');
    expect(next).not.toHaveAccessibleDescription();
    await user.clear(frequency);
    await user.type(frequency, 'daily');
    expect(next).toHaveValue('2026-02-10');
    await user.clear(last);
    await user.type(last, '2026-02-01');
    expect(next).toHaveValue('2026-02-10');

    // Cleared, the field is the form's to fill again.
    await user.clear(next);
    await user.clear(frequency);
    await user.type(frequency, 'twice a week');
    expect(next).toHaveValue('2026-02-04');
  });
});
