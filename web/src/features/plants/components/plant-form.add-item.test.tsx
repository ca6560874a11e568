import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { uploadPhoto } from '@/lib/photos/upload-photo';
import { createPlant } from '@/features/plants/api/create-plant';
import { ApiError } from '@/lib/api-client';
import type { AuthState } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { addItemForm, shareNewPlant, type ShareOption } from '../lib/plant-form-variants';
import { PlantForm } from './plant-form';

let authState: AuthState;
vi.mock('@/lib/auth', () => ({ useAuth: () => authState }));
vi.mock('@/features/plants/api/create-plant', () => ({ createPlant: vi.fn() }));
vi.mock('@/lib/photos/upload-photo', () => ({ uploadPhoto: vi.fn() }));
vi.mock('@/lib/toast');

const signedIn: AuthState = {
  loading: false,
  user: { uid: 'u1', email: 'rosa@example.test', displayName: 'Rosa', photoURL: null },
};

function renderForm(share?: ShareOption | null) {
  const router = createMemoryRouter(
    [
      { path: '/dashboard/add-item', element: <PlantForm variant={addItemForm} share={share} /> },
      { path: '/dashboard/my-items', element: <p>my items page</p> },
    ],
    { initialEntries: ['/dashboard/add-item'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const image = (name: string, type: string) => new File(['x'], name, { type });

describe('PlantForm: Add Item', () => {
  beforeEach(() => {
    authState = signedIn;
    vi.mocked(createPlant).mockReset();
    vi.mocked(uploadPhoto).mockReset();
    vi.mocked(toast.success).mockReset();
  });

  it('offers the spec fields, options and defaults', () => {
    renderForm();
    const options = (label: string) =>
      within(screen.getByRole('combobox', { name: label }))
        .getAllByRole('option')
        .map((o) => o.textContent);
    expect(screen.getByRole('textbox', { name: 'Plant Name' })).toBeVisible();
    expect(options('Category')).toEqual(['Select a category', 'Fruit', 'Flower', 'Vegetable', 'Herbs']);
    expect(options('Care Level')).toEqual(['easy', 'moderate', 'difficult']);
    expect(screen.getByRole('combobox', { name: 'Care Level' })).toHaveValue('easy');
    expect(options('Health Status')).toEqual(['Healthy', 'Needs Care', 'Critical']);
    expect(screen.getByRole('combobox', { name: 'Health Status' })).toHaveValue('Healthy');
    expect(screen.getByLabelText('Watering Frequency')).toHaveAttribute('placeholder', 'e.g., Every 3 days');
    expect(screen.getByLabelText('Next Watering Date')).toHaveAttribute('type', 'date');
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '3');
    expect(screen.getByLabelText('Image')).toHaveAttribute('accept', 'image/*');
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeEnabled();
  });

  it('requires a name and a category, and sends nothing until they are there', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByText('Plant name is required.')).toBeVisible();
    expect(screen.getByText('Category is required.')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Plant Name' })).toHaveAccessibleDescription('Plant name is required.');
    expect(createPlant).not.toHaveBeenCalled();
  });

  it('sends the fields with the placeholder image for a chosen picture, uploads the picture to the new plant, toasts and goes to My Items', async () => {
    const user = userEvent.setup({ delay: null });
    let finish: (value: { insertedId: string }) => void = () => {};
    vi.mocked(createPlant).mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const router = renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), ' Sweet Basil ');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Herbs');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Health Status' }), 'Needs Care');
    await user.type(screen.getByLabelText('Watering Frequency'), 'Every 2 days');
    // The form suggests a date from the frequency; the user sets another by hand.
    await user.clear(screen.getByLabelText('Next Watering Date'));
    await user.type(screen.getByLabelText('Next Watering Date'), '2026-06-01');
    const basil = image('basil.jpg', 'image/jpeg');
    await user.upload(screen.getByLabelText('Image'), basil);
    expect(screen.getByText('Selected file: basil.jpg')).toBeVisible();
    vi.mocked(uploadPhoto).mockImplementation(async (_id, _image, options) => {
      options?.onProgress?.(1);
      return {
        _id: 'ph1',
        url: '/mango/new-id/photos/ph1/full.webp',
        cardUrl: '/mango/new-id/photos/ph1/card.webp',
        thumbUrl: '/mango/new-id/photos/ph1/thumb.webp',
        width: 1,
        height: 1,
        caption: null,
        takenOn: '2026-06-01',
        createdAt: '2026-06-01T00:00:00.000Z',
      };
    });

    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByRole('button', { name: 'Adding Item...' })).toBeDisabled();
    expect(createPlant).toHaveBeenCalledWith({
      plantName: 'Sweet Basil',
      category: 'Herbs',
      careLevel: 'easy',
      healthStatus: 'Needs Care',
      wateringFrequency: 'Every 2 days',
      nextWateringDate: '2026-06-01',
      image: '/images/placeholder-plant.webp',
    });
    finish({ insertedId: 'new-id' });
    expect(await screen.findByText('my items page')).toBeVisible();
    expect(router.state.location.pathname).toBe('/dashboard/my-items');
    expect(toast.success).toHaveBeenCalledWith('Item added successfully!');
    // The chosen file itself, not a placeholder: the server makes it the cover.
    expect(uploadPhoto).toHaveBeenCalledWith('new-id', basil, expect.anything());
  });

  it("keeps the item when its photo is refused, says the server's reason, and Retry sends another photo to it", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(createPlant).mockResolvedValue({ insertedId: 'new-id' });
    vi.mocked(uploadPhoto)
      .mockRejectedValueOnce(
        new ApiError(415, 'unsupported_media_type', 'Browsers cannot show HEIC photos. Send a JPEG instead.'),
      )
      .mockResolvedValueOnce({
        _id: 'ph1',
        url: '/u',
        cardUrl: '/c',
        thumbUrl: '/t',
        width: 1,
        height: 1,
        caption: null,
        takenOn: '2026-06-01',
        createdAt: '2026-06-01T00:00:00.000Z',
      });
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Sweet Basil');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Herbs');
    await user.upload(screen.getByLabelText('Image'), image('basil.heic', 'image/heic'));
    await user.click(screen.getByRole('button', { name: 'Add Item' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Sweet Basil was added, but its photo was not uploaded: Browsers cannot show HEIC photos. Send a JPEG instead.',
    );
    expect(screen.getByRole('textbox', { name: 'Plant Name' })).toHaveValue('Sweet Basil');
    expect(screen.queryByRole('button', { name: 'Add Item' })).not.toBeInTheDocument();

    const jpeg = image('basil.jpg', 'image/jpeg');
    await user.upload(screen.getByLabelText('Image'), jpeg);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('my items page')).toBeVisible();
    expect(createPlant).toHaveBeenCalledTimes(1);
    expect(vi.mocked(uploadPhoto).mock.calls[1]).toEqual(['new-id', jpeg, expect.anything()]);
  });

  it('stores no image when no picture was chosen, and refuses a file that is not an image', async () => {
    const user = userEvent.setup({ applyAccept: false });
    vi.mocked(createPlant).mockResolvedValue({ insertedId: 'x' });
    renderForm();
    await user.upload(screen.getByLabelText('Image'), image('notes.pdf', 'application/pdf'));
    expect(screen.getByText('"notes.pdf" is not an image. Please choose an image file.')).toBeVisible();
    expect(screen.getByText('No file selected.')).toBeVisible();
    await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Mint');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Herbs');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findByText('my items page');
    expect(vi.mocked(createPlant).mock.calls[0]![0]).toEqual({
      plantName: 'Mint',
      category: 'Herbs',
      careLevel: 'easy',
      healthStatus: 'Healthy',
    });
  });

  it("offers 'Share with <household>', checked, to a household's member and sends it, by keyboard too", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(createPlant).mockReset().mockResolvedValue({ insertedId: 'x' });
    renderForm(shareNewPlant({ name: 'Rosa & Co' }));
    const share = screen.getByRole('checkbox', { name: 'Share with Rosa & Co' });
    expect(share).toBeChecked();
    share.focus();
    await user.keyboard(' ');
    expect(share).not.toBeChecked();
    await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Mint');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Herbs');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    await screen.findByText('my items page');
    expect(vi.mocked(createPlant).mock.calls[0]![0]).toMatchObject({ plantName: 'Mint', shared: false });
  });

  it('says the user must be logged in, without calling the server, when nobody is', async () => {
    authState = { loading: false, user: null };
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Mint');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Herbs');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You must be logged in to add an item.');
    expect(createPlant).not.toHaveBeenCalled();
  });

  it("shows the server's sentence in a red box and keeps what was typed", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(createPlant).mockImplementation(() =>
      Promise.reject(
        new ApiError(400, 'invalid_input', 'Plant name must be at most 100 characters.', {
          plantName: 'Plant name must be at most 100 characters.',
        }),
      ),
    );
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Mint');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Herbs');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Plant name must be at most 100 characters.');
    expect(screen.getByRole('textbox', { name: 'Plant Name' })).toHaveValue('Mint');
    expect(screen.getByRole('textbox', { name: 'Plant Name' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('button', { name: 'Add Item' })).toBeEnabled();
  });

  it("falls back to 'Failed to add item' when there is no sentence to show", async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(createPlant).mockImplementation(() => Promise.reject(new TypeError('boom')));
    renderForm();
    await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Mint');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Fruit');
    await user.click(screen.getByRole('button', { name: 'Add Item' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to add item$/);
  });

  it('suggests the next watering from today and the frequency, and the user can still change it', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 30, 9, 0));
    try {
      const user = userEvent.setup({ delay: null });
      renderForm();
      await user.type(screen.getByLabelText('Watering Frequency'), 'every three days');
      expect(screen.getByLabelText('Watering Frequency')).toHaveAccessibleDescription('Understood as: Every 3 days');
      expect(screen.getByLabelText('Next Watering Date')).toHaveValue('2026-06-02');
      expect(screen.getByLabelText('Next Watering Date')).toHaveAccessibleDescription(
        'Suggested from today and the frequency. You can change it.',
      );
      await user.clear(screen.getByLabelText('Next Watering Date'));
      await user.type(screen.getByLabelText('Next Watering Date'), '2026-06-05');
      await user.type(screen.getByLabelText('Watering Frequency'), '{Backspace}{Backspace}{Backspace}{Backspace}weeks');
      expect(screen.getByLabelText('Next Watering Date')).toHaveValue('2026-06-05');
    } finally {
      vi.useRealTimers();
    }
  });

  it('tracks a care task from More care, closed at first, and sends only the tasks given', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 4, 30, 9, 0));
    try {
      const user = userEvent.setup({ delay: null });
      vi.mocked(createPlant).mockResolvedValue({ insertedId: 'x' });
      renderForm();
      expect(screen.getByText('More care').closest('details')).not.toHaveAttribute('open');
      await user.type(screen.getByRole('textbox', { name: 'Plant Name' }), 'Monstera');
      await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Herbs');
      await user.click(screen.getByText('More care'));
      await user.type(screen.getByLabelText('Fertilizing Frequency'), 'Monthly');
      expect(screen.getByLabelText('Next Fertilizing Date')).toHaveValue('2026-06-29');
      await user.click(screen.getByRole('button', { name: 'Add Item' }));
      await screen.findByText('my items page');
      expect(vi.mocked(createPlant).mock.calls[0]![0].care).toEqual({
        fertilize: { frequency: 'Monthly', lastDate: null, nextDate: '2026-06-29' },
      });
    } finally {
      vi.useRealTimers();
    }
  });
});
