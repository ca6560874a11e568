import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { placeFailure } from './place-errors';

describe('placeFailure', () => {
  it("says the web's own sentence for each code a person can act on", () => {
    expect(placeFailure(new ApiError(409, 'name_taken', 'Name taken.'), 'make', ' Balcony ')).toBe(
      'There is already a place called "Balcony". Give this one another name (letter case does not count).',
    );
    expect(placeFailure(new ApiError(409, 'too_many_places', 'Too many.'), 'make')).toBe(
      'There are 50 places already, the most you (or your household) can have. Delete one you no longer use to make another.',
    );
    expect(placeFailure(new ApiError(403, 'forbidden', 'No.'), 'make')).toBe(
      'A sitter cannot share places with the household: make this one your own.',
    );
    expect(placeFailure(new ApiError(403, 'forbidden', 'No.'), 'delete')).toMatch(/^You cannot change this place/);
    expect(placeFailure(new ApiError(404, 'not_found', 'Gone.'), 'change')).toMatch(/no longer there/);
  });

  it('leaves every other failure to be said as any failure is', () => {
    expect(placeFailure(new ApiError(400, 'invalid_input', 'Name must be text.'), 'make')).toBeNull();
    expect(placeFailure(new ApiError(401, 'unauthenticated', 'Sign in.'), 'make')).toBeNull();
    expect(placeFailure(new Error('boom'), 'make')).toBeNull();
  });
});
