import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { alertDialog } from '@/lib/dialogs';
import type { Photo } from '@model/photos';
import { uploadPhoto } from '@/lib/photos/upload-photo';
import { createPlant } from '../api/create-plant';
import { addPlantForm, shareNewPlant, type ShareOption } from '../lib/plant-form-variants';
import { PlantForm } from './plant-form';
import { addDays, localToday } from '@model/schedule';

vi.mock('../api/create-plant', () => ({ createPlant: vi.fn() }));
vi.mock('@/lib/photos/upload-photo', () => ({ uploadPhoto: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(), preloadDialogs: vi.fn() }));

function renderForm(share?: ShareOption | null) {
  const router = createMemoryRouter(
    [
      { path: '/addPlants', element: <PlantForm variant={addPlantForm} share={share} /> },
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

async function fillValid(user: ReturnType<typeof userEvent.setup>, { link = true } = {}) {
  if (link) await user.click(screen.getByRole('radio', { name: 'Paste a link' }));
  for (const [label, value] of Object.entries(VALID)) {
    if (!link && label === 'Image URL') continue;
    // Clear first: the next watering date is suggested as soon as the frequency and last date are in.
    await user.clear(screen.getByLabelText(label));
    await user.type(screen.getByLabelText(label), value);
  }
  await user.selectOptions(screen.getByLabelText('Category'), 'succulent');
  await user.selectOptions(screen.getByLabelText('Care Level'), 'easy');
}

describe('PlantForm: Add Plant', () => {
  beforeEach(() => {
    vi.mocked(createPlant).mockReset();
    vi.mocked(uploadPhoto).mockReset();
    vi.mocked(alertDialog).mockReset().mockResolvedValue(undefined);
  });

  it("offers the spec's options for category and care level", () => {
    renderForm();
    const options = (label: string) =>
      [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.value);
    expect(options('Category')).toEqual(['', 'succulent', 'fern', 'flowering', 'bonsai']);
    expect(options('Care Level')).toEqual(['', 'easy', 'moderate', 'difficult']);
  });

  it('requires all nine fields, with each error beside its field, and sends nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    // A photo to upload is the first offer; a link is the other.
    expect(screen.getByLabelText('Photo')).toHaveAccessibleDescription(
      /Choose a photo to upload, or paste a link instead\.$/,
    );
    await user.click(screen.getByRole('radio', { name: 'Paste a link' }));
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
    const user = userEvent.setup({ delay: null });
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
    const user = userEvent.setup({ delay: null });
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

    await waitFor(() =>
      expect(alertDialog).toHaveBeenCalledWith({
        icon: 'success',
        title: 'Success!',
        text: 'Plant added successfully!',
      }),
    );
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

  describe('sharing with a household', () => {
    it('offers "Share with <household>", checked, and sends what it says', async () => {
      vi.mocked(createPlant).mockResolvedValue({ insertedId: 'new-1' });
      const user = userEvent.setup({ delay: null });
      renderForm(shareNewPlant({ name: 'The Greenhouse' }));
      const share = screen.getByRole('checkbox', { name: 'Share with The Greenhouse' });
      expect(share).toBeChecked();
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Add Plant' }));
      await waitFor(() => expect(createPlant).toHaveBeenCalledTimes(1));
      expect(vi.mocked(createPlant).mock.calls[0]![0]).toMatchObject({ plantName: 'Snake Plant', shared: true });
      // The form starts over with the box checked again; unchecked, the plant is kept to its owner.
      await waitFor(() => expect(screen.getByLabelText('Plant Name')).toHaveValue(''));
      expect(share).toBeChecked();
      // The fields are locked until the submission ends, a moment after the form is reset.
      await waitFor(() => expect(share).toBeEnabled());
      await user.click(share);
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Add Plant' }));
      await waitFor(() => expect(createPlant).toHaveBeenCalledTimes(2));
      expect(vi.mocked(createPlant).mock.calls[1]![0]).toMatchObject({ shared: false });
      // Two whole forms typed: 2 to 3 s alone, over the default 5 s on a loaded 2-core machine.
    }, 20_000);

    it('offers nothing and sends no `shared` without a household', async () => {
      vi.mocked(createPlant).mockResolvedValue({ insertedId: 'new-1' });
      const user = userEvent.setup({ delay: null });
      renderForm(shareNewPlant(null));
      expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Add Plant' }));
      await waitFor(() => expect(createPlant).toHaveBeenCalled());
      expect(vi.mocked(createPlant).mock.calls[0]![0]).not.toHaveProperty('shared');
    });
  });

  it("shows the server's message and its field errors, keeping everything typed", async () => {
    vi.mocked(createPlant).mockRejectedValue(
      new ApiError(400, 'invalid_input', 'Next watering date must be a real date written YYYY-MM-DD.', {
        nextWateringDate: 'Next watering date must be a real date written YYYY-MM-DD.',
      }),
    );
    const user = userEvent.setup({ delay: null });
    renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Next watering date must be a real date written YYYY-MM-DD.',
    );
    expect(screen.getByLabelText('Next Watering Date')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Plant Name')).toHaveValue(VALID['Plant Name']);
    expect(screen.getByLabelText('Category')).toHaveValue('succulent');
    expect(screen.getByRole('button', { name: 'Add Plant' })).toBeEnabled();
    expect(alertDialog).not.toHaveBeenCalled();
  });

  it('sends a signed-out user to /login', async () => {
    vi.mocked(createPlant).mockRejectedValue(new ApiError(401, 'unauthenticated', 'Please sign in to do that.'));
    const user = userEvent.setup({ delay: null });
    const router = renderForm();
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Add Plant' }));
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(router.state.location.state).toMatchObject({ from: { pathname: '/addPlants' } });
  });

  it('suggests the next watering date as the user types, never over a date set by hand', async () => {
    const user = userEvent.setup({ delay: null });
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

  describe('with a photo to upload', () => {
    const PHOTO: Photo = {
      _id: 'ph1',
      url: '/mango/new-id/photos/ph1/full.webp',
      cardUrl: '/mango/new-id/photos/ph1/card.webp',
      thumbUrl: '/mango/new-id/photos/ph1/thumb.webp',
      width: 1600,
      height: 1200,
      caption: null,
      takenOn: '2026-03-11',
      createdAt: '2026-03-11T10:00:00.000Z',
    };

    it('creates the plant without an image, then sends the photo to it with a progress bar', async () => {
      vi.mocked(createPlant).mockResolvedValue({ insertedId: 'new-id' });
      let finish!: (photo: Photo) => void;
      vi.mocked(uploadPhoto).mockImplementation((_id, _image, options) => {
        options?.onProgress?.(0.42);
        return new Promise((resolve) => (finish = resolve));
      });
      const user = userEvent.setup({ delay: null });
      renderForm();
      await fillValid(user, { link: false });
      const photo = new File(['jpeg bytes'], 'snake.jpg', { type: 'image/jpeg' });
      await user.upload(screen.getByLabelText('Photo'), photo);
      expect(screen.getByText('Selected photo: snake.jpg')).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Add Plant' }));

      const bar = await screen.findByRole('progressbar', { name: 'Uploading photo... 42%' });
      expect(bar).toHaveAttribute('value', '0.42');
      expect(createPlant).toHaveBeenCalledWith(expect.objectContaining({ plantName: 'Snake Plant', image: undefined }));
      // A small JPEG goes as it is (jsdom cannot decode, as a browser cannot decode HEIC).
      expect(uploadPhoto).toHaveBeenCalledWith(
        'new-id',
        photo,
        expect.objectContaining({ takenOn: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) }),
      );
      expect(alertDialog).not.toHaveBeenCalled();

      await act(async () => finish(PHOTO));
      await waitFor(() =>
        expect(alertDialog).toHaveBeenCalledWith({
          icon: 'success',
          title: 'Success!',
          text: 'Plant added successfully!',
        }),
      );
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
      expect(screen.getByLabelText('Plant Name')).toHaveValue('');
      expect(screen.getByText('No photo selected.')).toBeInTheDocument();
    });

    it('says why a photo failed, keeps the plant and the text, and Retry sends it to the same plant', async () => {
      vi.mocked(createPlant).mockResolvedValue({ insertedId: 'new-id' });
      vi.mocked(uploadPhoto)
        .mockRejectedValueOnce(
          new ApiError(413, 'payload_too_large', 'The photo is over 10 MB, the largest the server takes.'),
        )
        .mockResolvedValueOnce(PHOTO);
      const user = userEvent.setup({ delay: null });
      renderForm();
      await fillValid(user, { link: false });
      await user.upload(screen.getByLabelText('Photo'), new File(['jpeg bytes'], 'snake.jpg', { type: 'image/jpeg' }));
      await user.click(screen.getByRole('button', { name: 'Add Plant' }));

      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Snake Plant was added, but its photo was not uploaded: The photo is over 10 MB, the largest the server takes.',
      );
      expect(screen.getByLabelText('Plant Name')).toHaveValue(VALID['Plant Name']);
      expect(screen.getByLabelText('Description')).toHaveValue(VALID.Description);
      // No second plant: the button that would create one is gone until the photo is settled.
      expect(screen.queryByRole('button', { name: 'Add Plant' })).not.toBeInTheDocument();
      expect(alertDialog).not.toHaveBeenCalled();

      await user.click(screen.getByRole('button', { name: 'Retry' }));
      await waitFor(() =>
        expect(alertDialog).toHaveBeenCalledWith({
          icon: 'success',
          title: 'Success!',
          text: 'Plant added successfully!',
        }),
      );
      expect(createPlant).toHaveBeenCalledTimes(1);
      expect(uploadPhoto).toHaveBeenCalledTimes(2);
      expect(vi.mocked(uploadPhoto).mock.calls.map(([id]) => id)).toEqual(['new-id', 'new-id']);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    });

    it('waits for the network when offline, with a sentence, and sends once back online', async () => {
      let created!: (value: { insertedId: string }) => void;
      vi.mocked(createPlant).mockReturnValue(new Promise((resolve) => (created = resolve)));
      vi.mocked(uploadPhoto).mockResolvedValue(PHOTO);
      const user = userEvent.setup({ delay: null });
      renderForm();
      await fillValid(user, { link: false });
      await user.upload(screen.getByLabelText('Photo'), new File(['jpeg bytes'], 'snake.jpg', { type: 'image/jpeg' }));
      await user.click(screen.getByRole('button', { name: 'Add Plant' }));
      // The connection drops once the plant is saved, before its photo leaves.
      const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
      try {
        await act(async () => created({ insertedId: 'new-id' }));
        expect(
          await screen.findByText('You are offline: the photo will be sent as soon as you are back online.'),
        ).toBeInTheDocument();
        expect(uploadPhoto).not.toHaveBeenCalled();
      } finally {
        online.mockRestore();
      }
      act(() => void window.dispatchEvent(new Event('online')));
      await waitFor(() =>
        expect(alertDialog).toHaveBeenCalledWith({
          icon: 'success',
          title: 'Success!',
          text: 'Plant added successfully!',
        }),
      );
      expect(uploadPhoto).toHaveBeenCalledWith('new-id', expect.any(File), expect.anything());
    });
  });

  describe('More care', () => {
    it('is closed at first, and sends a fertilizing schedule with its next date suggested from today', async () => {
      vi.mocked(createPlant).mockResolvedValue({ insertedId: 'new-1' });
      const user = userEvent.setup({ delay: null });
      renderForm();
      const section = screen.getByText('More care').closest('details')!;
      expect(section).not.toHaveAttribute('open');
      await fillValid(user);
      await user.click(screen.getByText('More care'));
      expect(section).toHaveAttribute('open');

      const frequency = screen.getByLabelText('Fertilizing Frequency');
      const next = screen.getByLabelText('Next Fertilizing Date');
      await user.type(frequency, 'Every 4 weeks');
      expect(frequency).toHaveAccessibleDescription('Understood as: Every 4 weeks');
      expect(next).toHaveValue(addDays(localToday(), 28));
      expect(next).toHaveAccessibleDescription('Suggested from today and the frequency. You can change it.');
      await user.type(screen.getByLabelText('Next Misting Date'), '2026-04-02');
      await user.click(screen.getByRole('button', { name: 'Add Plant' }));

      await waitFor(() => expect(createPlant).toHaveBeenCalled());
      expect(vi.mocked(createPlant).mock.calls[0]![0].care).toEqual({
        fertilize: { frequency: 'Every 4 weeks', lastDate: null, nextDate: addDays(localToday(), 28) },
        mist: { frequency: null, lastDate: null, nextDate: '2026-04-02' },
      });
    });

    it('sends no care when none is given', async () => {
      vi.mocked(createPlant).mockResolvedValue({ insertedId: 'new-1' });
      const user = userEvent.setup({ delay: null });
      renderForm();
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Add Plant' }));
      await waitFor(() => expect(createPlant).toHaveBeenCalled());
      expect(vi.mocked(createPlant).mock.calls[0]![0].care).toBeUndefined();
    });

    it("opens to show the server's error at its field, and moves the focus there", async () => {
      const message = 'Next fertilizing date must be a real date written YYYY-MM-DD.';
      vi.mocked(createPlant).mockRejectedValue(
        new ApiError(400, 'invalid_input', message, { 'care.fertilize.nextDate': message }),
      );
      const user = userEvent.setup({ delay: null });
      renderForm();
      await fillValid(user);
      await user.click(screen.getByText('More care'));
      await user.type(screen.getByLabelText('Fertilizing Frequency'), 'Monthly');
      // Closed again before sending: the error opens it.
      await user.click(screen.getByText('More care'));
      await user.click(screen.getByRole('button', { name: 'Add Plant' }));

      const next = await screen.findByLabelText('Next Fertilizing Date');
      await waitFor(() => expect(next).toHaveAttribute('aria-invalid', 'true'));
      expect(next).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(next.closest('details')).toHaveAttribute('open');
      await waitFor(() => expect(next).toHaveFocus());
    });
  });
});
