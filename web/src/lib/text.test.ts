import { afterEach, describe, expect, it, vi } from 'vitest';

// A fresh copy of the module for each test, so each sees its formatters built from nothing.
const freshText = async () => {
  vi.resetModules();
  return import('./text');
};

afterEach(() => {
  vi.restoreAllMocks();
});

/** Counts the Intl objects of one kind the code builds, and with which arguments. */
function watchBuilds<K extends 'NumberFormat' | 'Collator'>(kind: K) {
  const Real = Intl[kind] as new (...args: unknown[]) => object;
  return vi.spyOn(Intl, kind).mockImplementation(function (...args: unknown[]) {
    return new Real(...args);
  } as never);
}

describe('formatCount', () => {
  it("groups digits the reader's way (US English in these tests)", async () => {
    const { formatCount } = await freshText();
    expect(formatCount(7)).toBe('7');
    expect(formatCount(1234)).toBe('1,234');
    expect(formatCount(1234567)).toBe('1,234,567');
    expect(formatCount(-4321)).toBe('-4,321');
  });

  it("builds one Intl.NumberFormat, in the reader's locale, on first use, and keeps it", async () => {
    const build = watchBuilds('NumberFormat');
    const { formatCount } = await freshText();
    expect(build).not.toHaveBeenCalled();
    formatCount(1);
    formatCount(2000);
    formatCount(3);
    expect(build).toHaveBeenCalledTimes(1);
    expect(build.mock.calls[0]?.[0]).toBeUndefined();
  });

  it('is ready before its first use once the locale data is prepared, the format built once', async () => {
    const build = watchBuilds('NumberFormat');
    const { formatCount, prepareLocaleData } = await freshText();
    prepareLocaleData();
    expect(build).toHaveBeenCalledTimes(1);
    expect(formatCount(1234)).toBe('1,234');
    expect(build).toHaveBeenCalledTimes(1);
  });
});

describe('compareText', () => {
  it('orders names with letter case and accents ignored and numbers by value', async () => {
    const { compareText } = await freshText();
    const names = [
      'fern 10',
      'Basil',
      'Élan',
      'Fern 2',
      'aloe vera',
      'Ivy 12',
      'elephant ear',
      'Ivy 3b',
      'Zebra Plant',
      'Ivy 3a',
      'Fern 1',
    ];
    expect([...names].sort(compareText)).toEqual([
      'aloe vera',
      'Basil',
      'Élan',
      'elephant ear',
      'Fern 1',
      'Fern 2',
      'fern 10',
      'Ivy 3a',
      'Ivy 3b',
      'Ivy 12',
      'Zebra Plant',
    ]);
  });

  it('treats names that differ only in case or accents as equal', async () => {
    const { compareText } = await freshText();
    expect(compareText('Aloe Vera', 'aloe vera')).toBe(0);
    expect(compareText('Élan', 'elan')).toBe(0);
    expect(compareText('Fern 2', 'Fern 10')).toBeLessThan(0);
    expect(compareText('Fern', 'Fern 1')).toBeLessThan(0);
  });

  it("builds one Intl.Collator, in the reader's locale, on first use, and keeps it", async () => {
    const build = watchBuilds('Collator');
    const { compareText } = await freshText();
    expect(build).not.toHaveBeenCalled();
    ['c', 'b', 'a', 'd'].sort(compareText);
    expect(build).toHaveBeenCalledTimes(1);
    expect(build.mock.calls[0]?.[0]).toBeUndefined();
    expect(build.mock.calls[0]?.[1]).toEqual({ sensitivity: 'base', numeric: true });
  });
});

describe('describeWatering', () => {
  it("says what the owner wrote, trimmed, or 'Not set' for nothing", async () => {
    const { describeWatering } = await freshText();
    expect(describeWatering(' Every 3 days ')).toBe('Every 3 days');
    for (const nothing of [undefined, null, '', '   ']) expect(describeWatering(nothing)).toBe('Not set');
  });
});
