import { describe, expect, it } from 'vitest';
import { careTipsFor } from './care-tips';

describe('careTipsFor', () => {
  it('chooses the tips by care level, in any letter case', () => {
    expect(careTipsFor('easy').title).toBe('Easy care tips');
    expect(careTipsFor('Moderate').title).toBe('Moderate care tips');
    expect(careTipsFor(' DIFFICULT ').title).toBe('Difficult care tips');
  });

  it('gives general tips for an unknown or missing level', () => {
    for (const level of ['tricky', '', undefined, null]) expect(careTipsFor(level).title).toBe('General care tips');
  });

  it('has different, non-empty tips for each level', () => {
    const lists = ['easy', 'moderate', 'difficult', 'other'].map((level) => careTipsFor(level).tips);
    for (const tips of lists) expect(tips.length).toBeGreaterThanOrEqual(3);
    expect(new Set(lists.map((tips) => tips.join('|'))).size).toBe(4);
  });
});
