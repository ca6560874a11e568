import { describe, expect, it } from 'vitest';
import { careBarWidth, careLevelRank, careTone, healthTone, isHealthy } from './care';

describe('care rules', () => {
  it('ranks care levels for All Plants: difficult 1, easy 2, moderate 3, unknown 4', () => {
    expect(['moderate', 'unknown', 'easy', 'difficult', undefined].map(careLevelRank)).toEqual([3, 4, 2, 1, 4]);
    expect(careLevelRank('Easy')).toBe(2);
  });

  it('counts only "Healthy" as healthy', () => {
    expect(isHealthy('Healthy')).toBe(true);
    expect(isHealthy('Needs Care')).toBe(false);
    expect(isHealthy('Critical')).toBe(false);
    expect(isHealthy('healthy ')).toBe(false);
  });

  it('colours health badges case-insensitively', () => {
    expect(['Healthy', 'HEALTHY', 'Needs Care', 'needs attention', 'critical', 'Wilting', ''].map(healthTone)).toEqual([
      'green',
      'green',
      'yellow',
      'yellow',
      'red',
      'grey',
      'grey',
    ]);
  });

  it('colours care levels: easy green, moderate yellow, anything else red', () => {
    expect(['easy', 'moderate', 'difficult', 'odd'].map(careTone)).toEqual(['green', 'yellow', 'red', 'red']);
  });

  it('sizes the care bar 30/60/90 percent', () => {
    expect(['easy', 'moderate', 'difficult', 'other'].map(careBarWidth)).toEqual([30, 60, 90, 90]);
  });
});
