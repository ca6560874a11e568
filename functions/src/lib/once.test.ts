import { describe, expect, it, vi } from 'vitest';
import { once } from './once';

describe('once', () => {
  it('makes nothing until asked, then the same value on every call, an undefined one too', () => {
    const make = vi.fn(() => ({ built: true }));
    const value = once(make);
    expect(make).not.toHaveBeenCalled();
    expect(value()).toBe(value());
    expect(make).toHaveBeenCalledTimes(1);
    const nothing = vi.fn(() => undefined);
    const empty = once(nothing);
    empty();
    empty();
    expect(nothing).toHaveBeenCalledTimes(1);
  });
});
