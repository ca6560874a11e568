import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DueBadge } from './due-badge';

describe('DueBadge', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // 23:30 local time: the badge goes by the user's calendar day, not UTC's.
    vi.setSystemTime(new Date(2026, 2, 10, 23, 30));
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it.each<[string, string, string]>([
    ['2026-03-09', 'Overdue by 1 day', 'bg-red-100'],
    ['2026-03-05', 'Overdue by 5 days', 'bg-red-100'],
    ['2026-03-10', 'Due today', 'bg-amber-100'],
    ['2026-03-11', 'Due tomorrow', 'bg-amber-100'],
    ['2026-03-14', 'Due in 4 days', 'bg-green-100'],
  ])('next watering %s reads %j in its colour', (next, label, tone) => {
    render(<DueBadge nextWateringDate={next} />);
    expect(screen.getByText(label)).toHaveClass(tone);
  });

  it('shows nothing without a date', () => {
    const { container } = render(<DueBadge nextWateringDate={undefined} />);
    expect(container).toBeEmptyDOMElement();
  });
});
