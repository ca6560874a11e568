import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { WateredButton } from './watered-button';

const plant = { _id: 'p1', plantName: 'Boston Fern', lastWateredDate: '2026-03-01' };

describe('WateredButton', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2026, 2, 10, 9, 0));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('records today with one tap, named with the plant', async () => {
    const user = userEvent.setup();
    const onWater = vi.fn();
    render(<WateredButton plant={plant} onWater={onWater} />);
    await user.click(screen.getByRole('button', { name: 'Watered Boston Fern' }));
    expect(onWater).toHaveBeenCalledWith(plant);
  });

  it('records an earlier day from its panel, no later than today and no earlier than the last watering', async () => {
    const user = userEvent.setup();
    const onWater = vi.fn();
    render(<WateredButton plant={plant} onWater={onWater} />);
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
    const user = userEvent.setup();
    render(<WateredButton plant={plant} onWater={vi.fn()} />);
    const toggle = screen.getByRole('button', { name: 'Watered Boston Fern earlier' });
    await user.click(toggle);
    await user.keyboard('{Escape}');
    expect(screen.queryByLabelText('Day watered')).not.toBeInTheDocument();
    expect(toggle).toHaveFocus();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByLabelText('Day watered')).not.toBeInTheDocument();
  });

  it('is disabled while its request runs', () => {
    render(<WateredButton plant={plant} onWater={vi.fn()} busy />);
    expect(screen.getByRole('button', { name: 'Watered Boston Fern' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Watered Boston Fern earlier' })).toBeDisabled();
  });
});
