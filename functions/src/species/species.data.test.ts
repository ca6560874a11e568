import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../model';
import { foldSpeciesText, SpeciesSchema, type Species } from '../model/species';
import data from './species.data.json';

const rows = data as unknown[];

/** The id a scientific name makes: lower-case kebab case, ASCII, without the hybrid sign, quotes or dots. */
const idOf = (scientificName: string) =>
  foldSpeciesText(scientificName)
    .replace(/[×'".]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

describe('the species catalogue (species.data.json)', () => {
  const species = rows.map((row, i) => {
    const parsed = SpeciesSchema.safeParse(row);
    if (!parsed.success) throw new Error(`row ${i} (${JSON.stringify((row as Species)._id)}): ${parsed.error.message}`);
    return parsed.data;
  });

  it('has at least 300 species, each valid by the shared model', () => {
    expect(species.length).toBeGreaterThanOrEqual(300);
  });

  it('has each id, scientific name and common name once (case and accents aside)', () => {
    const once = (label: string, values: string[]) => {
      const seen = new Map<string, number>();
      for (const value of values) seen.set(foldSpeciesText(value), (seen.get(foldSpeciesText(value)) ?? 0) + 1);
      expect(
        [...seen].filter(([, count]) => count > 1).map(([value]) => value),
        label,
      ).toEqual([]);
    };
    once(
      'ids',
      species.map((s) => s._id),
    );
    once(
      'scientific names',
      species.map((s) => s.scientificName),
    );
    once(
      'common names',
      species.flatMap((s) => s.commonNames),
    );
  });

  it('names each species by its scientific name in kebab case', () => {
    const mismatched = species
      .filter((s) => idOf(s.scientificName) !== s._id)
      .map((s) => `${s._id} / ${s.scientificName}`);
    expect(mismatched).toEqual([]);
  });

  it('keeps the care figures within sane ranges', () => {
    for (const s of species) {
      const { summerDays, winterDays } = s.watering;
      expect(winterDays, s._id).toBeGreaterThanOrEqual(summerDays);
      expect(winterDays / summerDays, s._id).toBeLessThanOrEqual(12);
      if (s.category === 'succulent') expect(summerDays, s._id).toBeGreaterThanOrEqual(5);
      if (s.fertilizeDays !== null) expect(s.fertilizeDays, s._id).toBeGreaterThanOrEqual(7);
      if (s.repotDays !== null) expect(s.repotDays, s._id).toBeGreaterThanOrEqual(180);
      expect(s.notes, s._id).toMatch(/^[A-Z0-9].*[.!]$/s);
    }
  });

  it('covers every category the forms know, houseplants first', () => {
    const count = (category: string) => species.filter((s) => s.category === category).length;
    for (const category of CATEGORIES) expect(count(category), category).toBeGreaterThanOrEqual(10);
    expect(count('flowering') + count('succulent') + count('fern')).toBeGreaterThanOrEqual(150);
  });

  it('says what the poison-control lists say of the well-known plants, and never guesses the rest', () => {
    const pets = (id: string) => {
      const s = species.find((row) => row._id === id);
      return s && [s.toxicToCats, s.toxicToDogs];
    };
    expect(pets('monstera-deliciosa')).toEqual([true, true]);
    expect(pets('epipremnum-aureum')).toEqual([true, true]);
    expect(pets('spathiphyllum-wallisii')).toEqual([true, true]);
    expect(pets('lilium-hybrids')).toEqual([true, false]);
    expect(pets('chlorophytum-comosum')).toEqual([false, false]);
    expect(pets('nephrolepis-exaltata')).toEqual([false, false]);
    expect(pets('aloe-vera')).toEqual([true, true]);
    // Unknown is a value of its own: a good share of the catalogue says it does not know.
    expect(species.filter((s) => s.toxicToCats === null).length).toBeGreaterThan(50);
  });
});
