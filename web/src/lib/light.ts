import type { LightLevel } from '@model/light';

/**
 * A light level of the species catalogue in words, as a species' card and a place say it ("Light:
 * bright, indirect light"; "it wants full sun").
 */
export const LIGHT_WORDS: Record<LightLevel, string> = {
  low: 'low light',
  medium: 'medium light',
  'bright-indirect': 'bright, indirect light',
  'full-sun': 'full sun',
};

/** The levels from the most light to the least, as a place's light select offers them. */
export const LIGHT_OPTIONS: readonly { value: LightLevel; label: string }[] = (
  ['full-sun', 'bright-indirect', 'medium', 'low'] as const
).map((value) => ({ value, label: LIGHT_WORDS[value].replace(/^./, (first) => first.toUpperCase()) }));
