import { describe, expect, it } from 'vitest';
import { compareText, formatCount } from './text';

describe('formatCount', () => {
  it('matches toLocaleString("en-US") for whole numbers of every width', () => {
    for (const value of [0, 7, 12, 999, 1000, 1234, 99999, 100000, 1234567, 1000000000, -4321]) {
      expect(formatCount(value)).toBe(value.toLocaleString('en-US'));
    }
  });
});

describe('compareText', () => {
  const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  const names = [
    'Aloe Vera', 'aloe vera', 'Álöe vera', 'Fern 2', 'Fern 10', 'Fern 1', 'fern', 'Basil', 'basil 2',
    'Zebra Plant', 'Monstera Deliciosa', 'monstera', 'Ivy 3b', 'Ivy 3a', 'Ivy 12', 'Élan', 'elephant ear',
    'Peace Lily', 'Snake Plant', 'snake plant 01', 'Snake Plant 1',
  ];

  it('orders plant names the way the Intl collator (case and accents ignored, numbers by value) does', () => {
    const ours = [...names].sort(compareText);
    const intl = [...names].sort(collator.compare);
    expect(ours.map((name) => name.toLowerCase())).toEqual(intl.map((name) => name.toLowerCase()));
  });

  it('treats names that differ only in case or accents as equal', () => {
    expect(compareText('Aloe Vera', 'aloe vera')).toBe(0);
    expect(compareText('Élan', 'elan')).toBe(0);
    expect(compareText('Fern 2', 'Fern 10')).toBe(-1);
    expect(compareText('Fern', 'Fern 1')).toBe(-1);
  });
});
