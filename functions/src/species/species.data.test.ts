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
      const { summerDays, winterDays, rest } = s.watering;
      // The rest season's interval is the longer one, whichever season the plant rests in.
      const [resting, growing] = rest === 'winter' ? [winterDays, summerDays] : [summerDays, winterDays];
      expect(resting, s._id).toBeGreaterThan(growing);
      expect(resting / growing, s._id).toBeLessThanOrEqual(12);
      if (s.category === 'succulent') expect(growing, s._id).toBeGreaterThanOrEqual(5);
      if (s.fertilizeDays !== null) expect(s.fertilizeDays, s._id).toBeGreaterThanOrEqual(7);
      if (s.repotDays !== null) expect(s.repotDays, s._id).toBeGreaterThanOrEqual(180);
      expect(s.notes, s._id).toMatch(/^[A-Z0-9].*[.!]$/s);
    }
  });

  it.each([
    // They grow in the cool months and rest in summer.
    ['cyclamen-persicum', { summerDays: 21, winterDays: 5, rest: 'summer' }],
    ['aeonium-arboreum', { summerDays: 21, winterDays: 10, rest: 'summer' }],
    ['tulipa-gesneriana', { summerDays: 30, winterDays: 7, rest: 'summer' }],
    ['monstera-deliciosa', { summerDays: 7, winterDays: 14, rest: 'winter' }],
  ])('waters %s by its rest: %j', (id, watering) => {
    expect(species.find((s) => s._id === id)?.watering).toEqual(watering);
  });

  it('covers every category the forms know, houseplants first', () => {
    const count = (category: string) => species.filter((s) => s.category === category).length;
    for (const category of CATEGORIES) expect(count(category), category).toBeGreaterThanOrEqual(10);
    expect(count('flowering') + count('succulent') + count('fern')).toBeGreaterThanOrEqual(150);
  });

  describe('pet facts, by the rule in docs/species.md', () => {
    type Pets = [cats: boolean | null, dogs: boolean | null, basis: Species['toxicityBasis']];
    const pets = (id: string): Pets | undefined => {
      const s = species.find((row) => row._id === id);
      return s && [s.toxicToCats, s.toxicToDogs, s.toxicityBasis];
    };
    const genusOf = (s: Species) => s.scientificName.split(' ')[0]!;

    it.each<[string, Pets]>([
      // Well-known plants.
      ['monstera-deliciosa', [true, true, 'species']],
      ['epipremnum-aureum', [true, true, 'species']],
      ['spathiphyllum-wallisii', [true, true, 'genus']],
      ['lilium-hybrids', [true, false, 'genus']],
      ['chlorophytum-comosum', [false, false, 'species']],
      ['nephrolepis-exaltata', [false, false, 'species']],
      ['aloe-vera', [true, true, 'species']],
      // The list names the species itself, a synonym or a variety of it.
      ['scindapsus-pictus', [true, true, 'species']],
      ['euphorbia-tirucalli', [true, true, 'species']],
      ['tradescantia-fluminensis', [true, true, 'species']],
      ['aloysia-citrodora', [true, true, 'species']],
      ['levisticum-officinale', [true, true, 'species']],
      ['citrus-microcarpa', [true, true, 'species']],
      ['hoya-kerrii', [false, false, 'species']],
      ['ocimum-basilicum-var-thyrsiflorum', [false, false, 'species']],
      // The catnip entry names cats and says nothing of dogs.
      ['nepeta-cataria', [true, null, 'species']],
      // The list names the genus, or other species of it that agree.
      ['hydrangea-macrophylla', [true, true, 'genus']],
      ['anthurium-andraeanum', [true, true, 'genus']],
      ['anthurium-clarinervium', [true, true, 'genus']],
      ['mentha-piperita', [true, true, 'genus']],
      ['mentha-spicata', [true, true, 'genus']],
      ['paeonia-lactiflora', [true, true, 'genus']],
      ['rumex-acetosa', [true, true, 'genus']],
      ['citrus-meyeri', [true, true, 'genus']],
      ['philodendron-gloriosum', [true, true, 'genus']],
      ['schlumbergera-truncata', [false, false, 'genus']],
      // The toxic list names avocado for cats, dogs and horses.
      ['persea-americana', [true, true, 'species']],
      // Only the plant lists count: grapes are on the center's list of foods, not of plants.
      ['vitis-vinifera', [null, null, null]],
      // The copies of the lists read name neither the species nor its genus for cats or dogs; what
      // other sites say the lists hold does not count.
      ['agave-americana', [null, null, null]],
      ['agave-victoriae-reginae', [null, null, null]],
      ['codiaeum-variegatum', [null, null, null]],
      ['zamioculcas-zamiifolia', [null, null, null]],
    ])('%s: cats, dogs and basis are %j', (id, expected) => {
      expect(pets(id)).toEqual(expected);
    });

    it('records a basis exactly for the rows that know something', () => {
      const wrong = species
        .filter((s) => (s.toxicityBasis === null) !== (s.toxicToCats === null && s.toxicToDogs === null))
        .map((s) => s._id);
      expect(wrong).toEqual([]);
      // Unknown is a value of its own: a good share of the catalogue says it does not know.
      expect(species.filter((s) => s.toxicityBasis === null).length).toBeGreaterThan(50);
    });

    /**
     * The genus rule read back from the data: the rows of one genus say the same of each animal,
     * known or not. Where the lists' entries for a genus disagree, the rows the lists name keep their
     * entries' word and the others say null: such a genus is named here, with why.
     */
    const GENERA_THE_LISTS_SPLIT: Record<string, string> = {};

    it('says the same of each animal on every row of a genus', () => {
      const byGenus = new Map<string, Species[]>();
      for (const s of species) byGenus.set(genusOf(s), [...(byGenus.get(genusOf(s)) ?? []), s]);
      const split = [...byGenus].flatMap(([genus, rows]) =>
        (['toxicToCats', 'toxicToDogs'] as const)
          .filter((pet) => new Set(rows.map((s) => s[pet])).size > 1)
          .map((pet) => `${genus} ${pet}: ${rows.map((s) => `${s._id}=${s[pet]}`).join(', ')}`),
      );
      expect(split.filter((line) => !(line.split(' ')[0]! in GENERA_THE_LISTS_SPLIT))).toEqual([]);
    });
  });
});
