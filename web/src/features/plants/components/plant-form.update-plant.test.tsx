import type { Plant } from '@model';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { alertDialog } from '@/lib/dialogs';
import { updatePlant } from '../api/update-plant';
import { UNCHANGED_MESSAGE, updatePlantForm } from '../lib/plant-form-variants';
import { PlantForm } from './plant-form';

vi.mock('../api/update-plant', () => ({ updatePlant: vi.fn() }));
vi.mock('@/lib/dialogs', () => ({ alertDialog: vi.fn(), preloadDialogs: vi.fn() }));

const PLANT: Plant = {
  _id: 'p1',
  plantName: 'Boston Fern',
  category: 'fern',
  careLevel: 'moderate',
  healthStatus: 'Needs Care',
  wateringFrequency: 'Every 2 days',
  lastWateredDate: '2026-03-01',
  nextWateringDate: '2026-03-03',
  description: 'Arching fronds.',
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

function renderForm(plant: Plant = PLANT, state?: unknown) {
  const router = createMemoryRouter(
    [
      { path: '/update/:id', element: <PlantForm variant={updatePlantForm(plant, plant.care)} /> },
      { path: '/myPlants', element: <p>my plants page</p> },
      { path: '/plant/:id', element: <p>details page</p> },
    ],
    { initialEntries: [{ pathname: `/update/${plant._id}`, state }] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('PlantForm: Update Plant', () => {
  beforeEach(() => {
    vi.mocked(updatePlant).mockReset();
    vi.mocked(alertDialog).mockReset().mockResolvedValue(undefined);
  });

  it("prefills the spec's eight fields, with a four-row description", () => {
    renderForm();
    expect(screen.getByLabelText('Plant Name')).toHaveValue('Boston Fern');
    expect(screen.getByLabelText('Category')).toHaveValue('fern');
    expect(screen.getByLabelText('Care Level')).toHaveValue('moderate');
    expect(screen.getByLabelText('Watering Frequency')).toHaveValue('Every 2 days');
    expect(screen.getByLabelText('Health Status')).toHaveValue('Needs Care');
    expect(screen.getByLabelText('Last Watered Date')).toHaveValue('2026-03-01');
    expect(screen.getByLabelText('Next Watering Date')).toHaveValue('2026-03-03');
    expect(screen.getByLabelText('Description')).toHaveValue('Arching fronds.');
    expect(screen.getByLabelText('Description')).toHaveAttribute('rows', '4');
    expect([...(screen.getByLabelText('Category') as HTMLSelectElement).options].map((o) => o.value)).toEqual([
      'succulent',
      'fern',
      'flowering',
      'bonsai',
    ]);
  });

  it('keeps a dashboard category the plant form does not offer', () => {
    renderForm({ ...PLANT, category: 'Herbs' });
    expect(screen.getByLabelText('Category')).toHaveValue('Herbs');
  });

  it('requires every field but the description', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.clear(screen.getByLabelText('Plant Name'));
    await user.clear(screen.getByLabelText('Health Status'));
    await user.clear(screen.getByLabelText('Description'));
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    expect(await screen.findByText('Plant name is required.')).toBeInTheDocument();
    expect(screen.getByText('Health status is required.')).toBeInTheDocument();
    expect(screen.getByLabelText('Description')).not.toHaveAttribute('aria-invalid');
    expect(updatePlant).not.toHaveBeenCalled();
  });

  it('saves, says Updated! and returns to the from location', async () => {
    vi.mocked(updatePlant).mockResolvedValue({ modifiedCount: 1 });
    const user = userEvent.setup({ delay: null });
    const router = renderForm(PLANT, { from: '/plant/p1' });
    await user.clear(screen.getByLabelText('Health Status'));
    await user.type(screen.getByLabelText('Health Status'), 'Healthy');
    await user.clear(screen.getByLabelText('Description'));
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));

    expect(await screen.findByText('details page')).toBeInTheDocument();
    // The plant's own values but the health status typed over and the description cleared.
    const { _id, createdAt: _created, updatedAt: _updated, description: _cleared, ...kept } = PLANT;
    expect(updatePlant).toHaveBeenCalledWith('p1', { ...kept, healthStatus: 'Healthy' });
    expect(alertDialog).toHaveBeenCalledWith({
      icon: 'success',
      title: 'Updated!',
      text: 'Plant updated successfully!',
    });
    expect(router.state.location.pathname).toBe('/plant/p1');
  });

  it('goes to My Plants when opened without a from location', async () => {
    vi.mocked(updatePlant).mockResolvedValue({ modifiedCount: 1 });
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    expect(await screen.findByText('my plants page')).toBeInTheDocument();
  });

  it('says so when nothing changed, and stays', async () => {
    vi.mocked(updatePlant).mockResolvedValue({ modifiedCount: 0 });
    const user = userEvent.setup({ delay: null });
    const router = renderForm();
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    // Announced: the species box has a status line of its own, so the notice is found by its text.
    expect(await screen.findByText(UNCHANGED_MESSAGE)).toHaveRole('status');
    expect(alertDialog).not.toHaveBeenCalled();
    expect(router.state.location.pathname).toBe('/update/p1');
  });

  it('tells a non-owner they can only change their own plants, keeping what they typed', async () => {
    vi.mocked(updatePlant).mockRejectedValue(new ApiError(403, 'forbidden', 'Only the owner can change this plant.'));
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.type(screen.getByLabelText('Plant Name'), ' Deluxe');
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('You can only change your own plants.');
    expect(screen.getByLabelText('Plant Name')).toHaveValue('Boston Fern Deluxe');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update Plant' })).toBeEnabled());
  });

  it("says 'Plant not found' when the plant is gone", async () => {
    vi.mocked(updatePlant).mockRejectedValue(new ApiError(404, 'not_found', 'There is no plant with that id.'));
    const user = userEvent.setup({ delay: null });
    renderForm();
    await user.click(screen.getByRole('button', { name: 'Update Plant' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Plant not found');
  });

  it('moves a next date that followed from the schedule when the schedule changes, and keeps one set by hand', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm();
    const frequency = screen.getByLabelText('Watering Frequency');
    const next = screen.getByLabelText('Next Watering Date');
    // Nothing moves until the user types.
    expect(next).toHaveValue('2026-03-03');
    expect(frequency).toHaveAccessibleDescription('Understood as: Every 2 days');

    await user.clear(frequency);
    await user.type(frequency, 'Every 5 days');
    expect(next).toHaveValue('2026-03-06');
  });

  it('keeps a stored next date that does not follow from the schedule', async () => {
    const user = userEvent.setup({ delay: null });
    renderForm({ ...PLANT, nextWateringDate: '2026-03-10' });
    const frequency = screen.getByLabelText('Watering Frequency');
    await user.clear(frequency);
    await user.type(frequency, 'Every 5 days');
    expect(screen.getByLabelText('Next Watering Date')).toHaveValue('2026-03-10');
  });

  describe('More care', () => {
    const CARED: Plant = {
      ...PLANT,
      care: {
        fertilize: { frequency: 'Monthly', lastDate: '2026-03-01', nextDate: '2026-03-31', intervalDays: 30 },
        mist: { frequency: 'Every 2 days', lastDate: '2026-03-02', nextDate: '2026-03-04', intervalDays: 2 },
      },
    };

    it('shows the schedules, and sends a cleared task as stopped, a changed one whole and nothing for the rest', async () => {
      vi.mocked(updatePlant).mockResolvedValue({ modifiedCount: 1 });
      const user = userEvent.setup({ delay: null });
      renderForm(CARED);
      await user.click(screen.getByText('More care'));
      expect(screen.getByLabelText('Fertilizing Frequency')).toHaveValue('Monthly');
      expect(screen.getByLabelText('Next Fertilizing Date')).toHaveValue('2026-03-31');
      expect(screen.getByLabelText('Repotting Frequency')).toHaveValue('');

      // The next date follows the frequency from the last fertilizing, as watering's does.
      await user.clear(screen.getByLabelText('Fertilizing Frequency'));
      await user.type(screen.getByLabelText('Fertilizing Frequency'), 'Every 2 weeks');
      expect(screen.getByLabelText('Next Fertilizing Date')).toHaveValue('2026-03-15');
      expect(screen.getByLabelText('Next Fertilizing Date')).toHaveAccessibleDescription(
        'Suggested from the last fertilizing and the frequency. You can change it.',
      );
      await user.clear(screen.getByLabelText('Misting Frequency'));
      await user.clear(screen.getByLabelText('Next Misting Date'));
      await user.click(screen.getByRole('button', { name: 'Update Plant' }));

      await waitFor(() => expect(updatePlant).toHaveBeenCalled());
      expect(vi.mocked(updatePlant).mock.calls[0]![1].care).toEqual({
        fertilize: { frequency: 'Every 2 weeks', lastDate: '2026-03-01', nextDate: '2026-03-15' },
        mist: null,
      });
    });

    it('sends no care when the schedules were left as they were', async () => {
      vi.mocked(updatePlant).mockResolvedValue({ modifiedCount: 1 });
      const user = userEvent.setup({ delay: null });
      renderForm(CARED);
      await user.clear(screen.getByLabelText('Health Status'));
      await user.type(screen.getByLabelText('Health Status'), 'Healthy');
      await user.click(screen.getByRole('button', { name: 'Update Plant' }));
      await waitFor(() => expect(updatePlant).toHaveBeenCalled());
      expect(vi.mocked(updatePlant).mock.calls[0]![1].care).toBeUndefined();
    });

    it('is left out without the owner’s schedules, so none can be overwritten', () => {
      renderForm(PLANT);
      expect(screen.queryByText('More care')).not.toBeInTheDocument();
    });
  });
});
