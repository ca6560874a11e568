import { describe, expect, it } from 'vitest';
import {
  CreatePlaceInputSchema,
  PlaceOrderInputSchema,
  PlantPlaceIdSchema,
  UpdatePlaceInputSchema,
  foldPlaceName,
} from './places';

const issues = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('CreatePlaceInputSchema', () => {
  it('trims the name, and takes light, outdoor and shared, private and indoors by default', () => {
    expect(CreatePlaceInputSchema.parse({ name: '  Bedroom ', light: 'medium' })).toEqual({
      name: 'Bedroom',
      light: 'medium',
      outdoor: false,
      shared: false,
    });
  });

  it('counts an outdoor place of which no light is said as full sun', () => {
    expect(CreatePlaceInputSchema.parse({ name: 'Balcony', outdoor: true })).toMatchObject({
      light: 'full-sun',
      outdoor: true,
    });
    expect(CreatePlaceInputSchema.parse({ name: 'Shady bed', outdoor: true, light: 'medium' })).toMatchObject({
      light: 'medium',
    });
  });

  it('refuses a name of nothing or more than 40 characters, an unknown light, an indoor place without one, and unknown fields', () => {
    expect(issues(CreatePlaceInputSchema.safeParse({ name: '   ', light: 'low' }))).toEqual([
      ['name', 'Name is required.'],
    ]);
    expect(issues(CreatePlaceInputSchema.safeParse({ name: 'x'.repeat(41), light: 'low' }))).toEqual([
      ['name', 'Name must be at most 40 characters.'],
    ]);
    expect(CreatePlaceInputSchema.safeParse({ name: 'x'.repeat(40), light: 'low' }).success).toBe(true);
    expect(issues(CreatePlaceInputSchema.safeParse({ name: 'Hall', light: 'dim' }))).toEqual([
      ['light', 'Light must be one of: low, medium, bright-indirect, full-sun.'],
    ]);
    expect(issues(CreatePlaceInputSchema.safeParse({ name: 'Hall' }))).toEqual([
      ['light', 'Light is required for an indoor place: one of low, medium, bright-indirect, full-sun.'],
    ]);
    expect(issues(CreatePlaceInputSchema.safeParse({ name: 'Hall', light: 'low', shared: 'yes' }))).toEqual([
      ['shared', 'Shared must be true or false.'],
    ]);
    expect(CreatePlaceInputSchema.safeParse({ name: 'Hall', light: 'low', order: 3 }).success).toBe(false);
  });
});

describe('UpdatePlaceInputSchema', () => {
  it('needs a name and a light; outdoor may stay as it is, and sharing is not changed here', () => {
    expect(UpdatePlaceInputSchema.parse({ name: 'Den', light: 'low' })).toEqual({ name: 'Den', light: 'low' });
    expect(UpdatePlaceInputSchema.safeParse({ name: 'Den' }).success).toBe(false);
    expect(UpdatePlaceInputSchema.safeParse({ name: 'Den', light: 'low', shared: true }).success).toBe(false);
  });
});

describe('PlaceOrderInputSchema', () => {
  it('takes a list of place ids, each once', () => {
    expect(PlaceOrderInputSchema.parse({ ids: ['a1', 'b2'] })).toEqual({ ids: ['a1', 'b2'] });
    expect(issues(PlaceOrderInputSchema.safeParse({ ids: ['a1', 'a1'] }))).toEqual([
      ['ids', 'The walking order (ids) names a place twice.'],
    ]);
    expect(PlaceOrderInputSchema.safeParse({ ids: ['a/1'] }).success).toBe(false);
    expect(PlaceOrderInputSchema.safeParse({ ids: 'a1' }).success).toBe(false);
  });
});

describe("a plant's placeId", () => {
  it('is an id, or null (blank too) for none, or absent', () => {
    expect(PlantPlaceIdSchema.parse('abc123')).toBe('abc123');
    expect(PlantPlaceIdSchema.parse(null)).toBeNull();
    expect(PlantPlaceIdSchema.parse('  ')).toBeNull();
    expect(PlantPlaceIdSchema.parse(undefined)).toBeUndefined();
    expect(PlantPlaceIdSchema.safeParse('../x').success).toBe(false);
    expect(PlantPlaceIdSchema.safeParse(3).success).toBe(false);
  });
});

describe('foldPlaceName', () => {
  it('compares names without letter case or edge spaces', () => {
    expect(foldPlaceName(' Bedroom ')).toBe(foldPlaceName('BEDROOM'));
    expect(foldPlaceName('Büro')).toBe(foldPlaceName('BÜRO'));
  });
});
