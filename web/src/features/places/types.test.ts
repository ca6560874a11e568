import { PLACE_NAME_MAX as MODEL_PLACE_NAME_MAX } from '@model/places';
import { describe, expect, it } from 'vitest';
import { PLACE_NAME_MAX } from './types';

describe("the places feature's limits", () => {
  it("checks a place's name as the model does (kept apart so the Places page does not load zod)", () => {
    expect(PLACE_NAME_MAX).toBe(MODEL_PLACE_NAME_MAX);
  });
});
