import { describe, expect, it } from 'vitest';
import { ListPlantsQuerySchema, isPagedQuery, isPlausiblePlantId } from './plants.schemas';

describe('ListPlantsQuerySchema', () => {
  it('reads limit, before and email from query strings', () => {
    expect(
      ListPlantsQuerySchema.parse({ limit: '8', before: '2026-03-01T10:00:00.000Z', email: ' Demo@MangoGrove.test ' }),
    ).toEqual({
      limit: 8,
      before: '2026-03-01T10:00:00.000Z',
      email: 'Demo@MangoGrove.test',
    });
    expect(ListPlantsQuerySchema.parse({})).toEqual({});
  });

  it.each(['0', '101', '2.5', 'ten', ''])('refuses limit=%j', (limit) => {
    expect(ListPlantsQuerySchema.safeParse({ limit }).error?.issues[0]?.message).toBe(
      'limit must be a whole number from 1 to 100.',
    );
  });

  it.each(['1', '100'])('accepts limit=%s', (limit) => {
    expect(ListPlantsQuerySchema.parse({ limit }).limit).toBe(Number(limit));
  });

  it.each(['yesterday', '2026-03-01', '1700000000000'])('refuses before=%j', (before) => {
    expect(ListPlantsQuerySchema.safeParse({ before }).success).toBe(false);
  });

  it('refuses an empty or repeated email', () => {
    expect(ListPlantsQuerySchema.safeParse({ email: ' ' }).error?.issues[0]?.message).toBe('email must not be empty.');
    expect(ListPlantsQuerySchema.safeParse({ email: ['a@x.test', 'b@x.test'] }).error?.issues[0]?.message).toBe(
      'email must be one email address.',
    );
  });

  it('takes placeId, a place id or none, with email only, as a paged query', () => {
    const email = 'me@example.test';
    expect(ListPlantsQuerySchema.parse({ email, placeId: 'Kx81pQ' })).toEqual({ email, placeId: 'Kx81pQ' });
    expect(isPagedQuery(ListPlantsQuerySchema.parse({ email, placeId: 'none' }))).toBe(true);
    const refusal = (query: object) => ListPlantsQuerySchema.safeParse(query).error?.issues[0];
    expect(refusal({ placeId: 'Kx81pQ' })).toMatchObject({
      path: ['placeId'],
      message: 'placeId filters your own plants: ask with email (your own address) too.',
    });
    for (const placeId of ['', 'a/b', 'a'.repeat(129), ['a', 'b']])
      expect(refusal({ email, placeId })).toMatchObject({
        path: ['placeId'],
        message:
          'placeId must be the id of one of your places (GET /mango/places), or none for the plants in no place.',
      });
  });
});

describe('isPlausiblePlantId', () => {
  it.each(['AbCdEfGhIjKlMnOpQrSt', 'demo-plant_1', 'a'.repeat(128)])('accepts %s', (id) => {
    expect(isPlausiblePlantId(id)).toBe(true);
  });
  it.each(['', 'a'.repeat(129), 'a/b', '..', '.', 'a.b', 'a b', '__name__', '__x__', 'plant$', 'é'])(
    'refuses %j',
    (id) => {
      expect(isPlausiblePlantId(id)).toBe(false);
    },
  );
});
