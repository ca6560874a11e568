import type { Plant } from '@model';
import { describe, expect, it } from 'vitest';
import type { Place } from '../types';
import { walkThrough } from './plant-places';

const place = (id: string, name: string): Place => ({
  id,
  name,
  light: 'medium',
  outdoor: false,
  order: 0,
  shared: false,
  plantCount: 0,
});
const row = (name: string, at: Place | null) => ({
  plant: { _id: name, plantName: name, place: at && { id: at.id, name: at.name, light: at.light } } as Plant,
});

describe('walkThrough', () => {
  const hall = place('h', 'Hall');
  const kitchen = place('k', 'Kitchen');
  const attic = place('a', 'Attic');

  it("groups the rows by place in the walk's order, each keeping the rows' order, the unplaced last", () => {
    const rows = [row('Fern', null), row('Basil', kitchen), row('Ivy', hall), row('Mint', kitchen)];
    expect(
      walkThrough(rows, [hall, kitchen, attic]).map(({ place, rows }) => [place?.name, rows.map((r) => r.plant._id)]),
    ).toEqual([
      ['Hall', ['Ivy']],
      ['Kitchen', ['Basil', 'Mint']],
      [undefined, ['Fern']],
    ]);
  });

  it('walks a plant whose place the walk does not know (deleted meanwhile) with the unplaced', () => {
    const gone = place('g', 'Gone');
    expect(walkThrough([row('Aloe', gone), row('Fern', null)], [hall])).toEqual([
      { place: null, rows: [row('Aloe', gone), row('Fern', null)] },
    ]);
  });

  it('has no stop without rows', () => {
    expect(walkThrough([], [hall, kitchen])).toEqual([]);
  });
});
