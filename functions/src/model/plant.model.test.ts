import { describe, expect, it } from 'vitest';
import { CreatePlantInputSchema, isCalendarDate, isSafeImageUrl } from './plant.model';

describe('isCalendarDate', () => {
  it.each(['2024-02-29', '2026-01-31', '2026-12-01'])('accepts the real date %s', (value) => {
    expect(isCalendarDate(value)).toBe(true);
  });
  it.each(['2023-02-29', '2026-04-31', '2026-13-01', '2026-1-5', '05/01/2026', ''])('refuses %j', (value) => {
    expect(isCalendarDate(value)).toBe(false);
  });
});

describe('isSafeImageUrl', () => {
  it.each(['https://example.com/a.jpg', 'http://example.com/a.png', '/images/plants/mint.webp'])('accepts %s', (value) => {
    expect(isSafeImageUrl(value)).toBe(true);
  });
  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', '//evil.example/a.png', 'ftp://example.com/a', 'not a url'])(
    'refuses %s',
    (value) => {
      expect(isSafeImageUrl(value)).toBe(false);
    },
  );
});

describe('CreatePlantInputSchema', () => {
  it('needs only a name and a category, and applies the dashboard defaults', () => {
    expect(CreatePlantInputSchema.parse({ plantName: '  Mint ', category: 'Herbs' })).toEqual({
      plantName: 'Mint',
      category: 'Herbs',
      careLevel: 'easy',
      healthStatus: 'Healthy',
    });
  });

  it('drops owner fields and unknown keys from the body', () => {
    const parsed = CreatePlantInputSchema.parse({
      plantName: 'Mint',
      category: 'Herbs',
      userEmail: 'spoof@example.test',
      ownerUid: 'someone-else',
      isAdmin: true,
    });
    expect(parsed).not.toHaveProperty('userEmail');
    expect(parsed).not.toHaveProperty('ownerUid');
    expect(parsed).not.toHaveProperty('isAdmin');
  });

  it('names each bad field with a readable sentence', () => {
    const result = CreatePlantInputSchema.safeParse({ plantName: '', category: 'Cactus', lastWateredDate: '2026-02-30' });
    expect(result.success).toBe(false);
    const messages = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(messages).toEqual({
      plantName: 'Plant name is required.',
      category: 'Category must be one of: succulent, fern, flowering, bonsai, Fruit, Flower, Vegetable, Herbs.',
      lastWateredDate: 'Last watered date must be a real date written YYYY-MM-DD.',
    });
  });
});
