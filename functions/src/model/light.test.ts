import { describe, expect, it } from 'vitest';
import { LIGHT_LEVELS, effectiveLight, lightFit, type LightFit, type LightLevel } from './light';

/**
 * The rule as a table, written out by hand: what a place's light (columns: low, medium,
 * bright-indirect, full-sun) says for a species that needs each level (rows).
 */
const TABLE: Record<LightLevel, [LightFit, LightFit, LightFit, LightFit]> = {
  low: ['ok', 'ok', 'ok', 'too-bright'],
  medium: ['too-dark', 'ok', 'ok', 'too-bright'],
  'bright-indirect': ['too-dark', 'too-dark', 'ok', 'ok'],
  'full-sun': ['too-dark', 'too-dark', 'too-dark', 'ok'],
};

describe('lightFit', () => {
  for (const outdoor of [false, true])
    describe(outdoor ? 'outdoors, with its light said' : 'indoors', () => {
      for (const needs of LIGHT_LEVELS)
        for (const [i, gets] of LIGHT_LEVELS.entries())
          it(`a species that needs ${needs} in a place that gets ${gets}: ${TABLE[needs][i]}`, () => {
            expect(lightFit(needs, { light: gets, outdoor })).toBe(TABLE[needs][i]);
          });
    });

  it('calls one level too dark and two or more too dark alike', () => {
    expect(lightFit('full-sun', { light: 'bright-indirect', outdoor: false })).toBe('too-dark');
    expect(lightFit('full-sun', { light: 'low', outdoor: false })).toBe('too-dark');
  });

  it('counts an outdoor place of which no light is said as full sun, and an indoor one as not known', () => {
    expect(effectiveLight({ outdoor: true })).toBe('full-sun');
    expect(effectiveLight({ outdoor: true, light: null })).toBe('full-sun');
    expect(effectiveLight({ outdoor: false })).toBeNull();
    for (const needs of LIGHT_LEVELS) {
      expect(lightFit(needs, { outdoor: true })).toBe(TABLE[needs][3]);
      expect(lightFit(needs, { outdoor: false })).toBeNull();
    }
  });

  it('is null when the species or the place is not known', () => {
    expect(lightFit(null, { light: 'medium', outdoor: false })).toBeNull();
    expect(lightFit(undefined, { light: 'full-sun', outdoor: true })).toBeNull();
    expect(lightFit('medium', null)).toBeNull();
    expect(lightFit('medium', undefined)).toBeNull();
  });
});
