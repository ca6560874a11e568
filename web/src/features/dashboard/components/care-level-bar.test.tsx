import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CareLevelBar } from './care-level-bar';

describe('CareLevelBar', () => {
  it.each([
    ['easy', '30%'],
    ['moderate', '60%'],
    ['difficult', '90%'],
    ['Moderate', '60%'],
    ['unusual', '90%'],
  ])('fills the bar for %s to %s, beside the care level badge', (level, width) => {
    render(<CareLevelBar level={level} />);
    expect(screen.getByText(level)).toBeVisible();
    expect(screen.getByTestId('care-bar')).toHaveStyle({ width });
    // The badge names the level; the bar only repeats it for the eye.
    expect(screen.getByTestId('care-bar').parentElement).toHaveAttribute('aria-hidden', 'true');
  });
});
