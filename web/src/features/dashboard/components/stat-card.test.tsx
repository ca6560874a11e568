import { statFigure } from '@model';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ListIcon } from '@/components/ui/dashboard-icons';
import { StatCard } from './stat-card';

describe('StatCard', () => {
  it('shows the value and the trend line in the spec form', () => {
    const { rerender } = render(<StatCard label="Total Items" icon={ListIcon} figure={statFigure(1234, 1100)} />);
    const card = screen.getByRole('article', { name: 'Total Items' });
    expect(card).toHaveTextContent('1,234');
    expect(card).toHaveTextContent('+12% from last week');

    rerender(<StatCard label="Total Items" icon={ListIcon} figure={statFigure(5, 10)} />);
    expect(card).toHaveTextContent('-50% from last week');

    rerender(<StatCard label="Total Items" icon={ListIcon} figure={statFigure(7, 7)} />);
    expect(card).toHaveTextContent('No change from last week');

    rerender(<StatCard label="Total Items" icon={ListIcon} figure={statFigure(3, 0)} />);
    expect(card).toHaveTextContent('+100% from last week');
  });

  it('says out of how many for Categories', () => {
    render(<StatCard label="Categories" icon={ListIcon} figure={statFigure(6, 6)} outOf={8} />);
    expect(screen.getByRole('article', { name: 'Categories' })).toHaveTextContent(/6\s*of 8/);
  });

  it('keeps its value and trend lines, empty, while loading', () => {
    render(<StatCard label="Activity" icon={ListIcon} />);
    const card = screen.getByRole('article', { name: 'Activity' });
    expect(card).not.toHaveTextContent(/from last week/);
    expect(card.querySelectorAll('p')).toHaveLength(2);
    expect(card.querySelectorAll('.animate-pulse')).toHaveLength(2);
  });
});
