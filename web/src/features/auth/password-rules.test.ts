import { describe, expect, it } from 'vitest';
import { checkPassword, isStrongPassword } from './password-rules';

const met = (password: string) => Object.fromEntries(checkPassword(password).map((rule) => [rule.label, rule.met]));

describe('password rules', () => {
  it('checks length, an uppercase and a lowercase letter separately', () => {
    expect(met('')).toEqual({
      'At least 6 characters': false,
      'Contains uppercase letter': false,
      'Contains lowercase letter': false,
    });
    expect(met('abcdef')).toEqual({
      'At least 6 characters': true,
      'Contains uppercase letter': false,
      'Contains lowercase letter': true,
    });
    expect(met('ABC')).toEqual({
      'At least 6 characters': false,
      'Contains uppercase letter': true,
      'Contains lowercase letter': false,
    });
    expect(met('Abcdef')).toEqual({
      'At least 6 characters': true,
      'Contains uppercase letter': true,
      'Contains lowercase letter': true,
    });
  });

  it('needs all three', () => {
    expect(isStrongPassword('Abcde')).toBe(false);
    expect(isStrongPassword('abcdef1')).toBe(false);
    expect(isStrongPassword('ABCDEF1')).toBe(false);
    expect(isStrongPassword('Abcdef')).toBe(true);
    expect(isStrongPassword('Ärger12')).toBe(true);
  });
});
