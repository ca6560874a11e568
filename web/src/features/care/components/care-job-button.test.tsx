import type { Plant } from '@model';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { doCareJob } from '../api/do-care-job';
import { useCareJobs } from '../hooks/use-care-jobs';
import { CareJobButton } from './care-job-button';

vi.mock('../api/do-care-job', () => ({ doCareJob: vi.fn() }));
vi.mock('@/lib/toast');

const plant = { _id: 'p1', plantName: 'Boston Fern', lastWateredDate: '2026-03-01' };

/** The button as the screens use it: wired to the care jobs' flow, which says when its request runs. */
function renderWithWatering() {
  function Screen() {
    const jobs = useCareJobs({ onChange: () => undefined });
    return (
      <CareJobButton
        plant={plant}
        job="water"
        lastDate={plant.lastWateredDate}
        onDo={(named, date) => jobs.doJob(named, 'water', date)}
        busy={jobs.isBusy(plant._id)}
      />
    );
  }
  const router = createMemoryRouter([{ path: '/', element: <Screen /> }]);
  render(<RouterProvider router={router} />);
}

describe('CareJobButton for watering', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 9, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records today with one tap, named with the plant', async () => {
    const user = userEvent.setup({ delay: null });
    const onWater = vi.fn();
    render(<CareJobButton plant={plant} job="water" lastDate={plant.lastWateredDate} onDo={onWater} />);
    await user.click(screen.getByRole('button', { name: 'Watered Boston Fern' }));
    expect(onWater).toHaveBeenCalledWith(plant);
  });

  it('records an earlier day from its panel, no later than today and no earlier than the last watering', async () => {
    const user = userEvent.setup({ delay: null });
    const onWater = vi.fn();
    render(<CareJobButton plant={plant} job="water" lastDate={plant.lastWateredDate} onDo={onWater} />);
    const toggle = screen.getByRole('button', { name: 'Watered Boston Fern earlier' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = screen.getByRole('form', { name: 'When was Boston Fern watered?' });
    const day = screen.getByLabelText('Day watered');
    expect(day).toHaveFocus();
    expect(day).toHaveValue('2026-03-10');
    expect(day).toHaveAttribute('max', '2026-03-10');
    expect(day).toHaveAttribute('min', '2026-03-01');

    await user.clear(day);
    await user.type(day, '2026-03-12');
    await user.click(screen.getByRole('button', { name: 'Save watering of Boston Fern' }));
    expect(day).toHaveAccessibleDescription('Pick today or an earlier day.');
    expect(onWater).not.toHaveBeenCalled();

    await user.clear(day);
    await user.type(day, '2026-03-07');
    await user.click(screen.getByRole('button', { name: 'Save watering of Boston Fern' }));
    expect(onWater).toHaveBeenCalledWith(plant, '2026-03-07');
    expect(panel).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
  });

  it('closes the panel on Escape and on Cancel, giving focus back', async () => {
    const user = userEvent.setup({ delay: null });
    render(<CareJobButton plant={plant} job="water" lastDate={plant.lastWateredDate} onDo={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: 'Watered Boston Fern earlier' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Day watered')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Day watered')).not.toBeInTheDocument();
  });

  it('is disabled while its request runs, and usable again once it is answered', async () => {
    let answer!: (plant: Plant) => void;
    vi.mocked(doCareJob).mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const user = userEvent.setup({ delay: null });
    renderWithWatering();
    const watered = screen.getByRole('button', { name: 'Watered Boston Fern' });
    const earlier = screen.getByRole('button', { name: 'Watered Boston Fern earlier' });

    await user.click(watered);
    expect(doCareJob).toHaveBeenCalledWith('p1', 'water', '2026-03-10', expect.any(String));
    expect(watered).toBeDisabled();
    expect(watered).toHaveAttribute('aria-busy', 'true');
    expect(earlier).toBeDisabled();
    // A second tap while the first runs sends nothing.
    await user.click(watered);
    expect(doCareJob).toHaveBeenCalledTimes(1);

    await act(async () =>
      answer({
        ...plant,
        category: 'fern',
        careLevel: 'easy',
        healthStatus: 'Healthy',
        lastWateredDate: '2026-03-10',
        createdAt: '2026-01-01T00:00:00.000Z',
        updatedAt: '2026-03-10T09:00:00.000Z',
      }),
    );
    expect(watered).toBeEnabled();
    expect(watered).toHaveAttribute('aria-busy', 'false');
    expect(earlier).toBeEnabled();
  });
});
