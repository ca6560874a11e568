import { describe, expect, it } from 'vitest';
import { CATEGORIES } from '../model';
import { LANGUAGE_CODES } from '../model/languages';
import { foldSpeciesText, SpeciesSchema, speciesNames, type Species } from '../model/species';
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
    // In each other language too, a name belongs to one species only.
    for (const language of LANGUAGE_CODES.filter((code) => code !== 'en'))
      once(
        `${language} names`,
        species.flatMap((s) => speciesNames(s, language)),
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

  describe('names in other languages, by the rule in docs/species.md', () => {
    const OTHER_LANGUAGES = LANGUAGE_CODES.filter((code) => code !== 'en');
    const genusOf = (s: Species) => s.scientificName.split(' ')[0]!;

    /**
     * Names that are the same word in English and in another language: borrowed from one to the
     * other ("Kiwi", "Zucchini", "Aubergine"), or a former scientific name every language still uses
     * ("Sansevieria", "Pothos"). A species' own genus or scientific name ("Monstera", "Aloe vera") is
     * the same in every language and needs no entry. Any other name equal to an English one is an
     * English name copied across, not a name in that language.
     */
    const SAME_WORDS = new Set([
      'amaryllis',
      'aubergine',
      'avocado',
      'calamondin',
      'carmona',
      'cilantro',
      'courgette',
      'croton',
      'dill',
      'dipladenia',
      'estragon',
      'feijoa',
      'frangipani',
      'geranium',
      'gloxinia',
      'goji',
      'habanero',
      'helxine',
      'hortensia',
      'jalapeno',
      'kale',
      'kiwi',
      'kohlrabi',
      'kumquat',
      'melon',
      'okra',
      'oleander',
      'orange',
      'oregano',
      'osteospermum',
      'pak choi',
      'papaya',
      'poinsettia',
      'pothos',
      'roquette',
      'rose',
      'saintpaulia',
      'sansevieria',
      'stephanotis',
      'verbena',
      'zucchini',
    ]);

    it('gives each species a list per language, each name once', () => {
      for (const s of species) {
        expect(Object.keys(s.names).sort(), s._id).toEqual([...OTHER_LANGUAGES].sort());
        for (const language of OTHER_LANGUAGES) {
          const names = speciesNames(s, language);
          for (const name of names) expect(typeof name, `${s._id} ${language}`).toBe('string');
          expect(new Set(names.map(foldSpeciesText)).size, `${s._id} ${language}`).toBe(names.length);
        }
      }
    });

    it('copies no English name into another language unless it is the same word there', () => {
      const copied = species.flatMap((s) => {
        const english = new Set(s.commonNames.map(foldSpeciesText));
        const latin = new Set([genusOf(s), s.scientificName].map(foldSpeciesText));
        return OTHER_LANGUAGES.flatMap((language) =>
          speciesNames(s, language)
            .map(foldSpeciesText)
            .filter((name) => english.has(name) && !latin.has(name) && !SAME_WORDS.has(name))
            .map((name) => `${s._id} ${language}: ${name}`),
        );
      });
      expect(copied).toEqual([]);
      // Every shared word is used, so the list says only what is true of the data.
      const used = new Set(
        species.flatMap((s) => OTHER_LANGUAGES.flatMap((language) => speciesNames(s, language).map(foldSpeciesText))),
      );
      expect([...SAME_WORDS].filter((word) => !used.has(word))).toEqual([]);
    });

    it.each([
      ['monstera-deliciosa', 'es', 'Costilla de Adán'],
      ['monstera-deliciosa', 'de', 'Fensterblatt'],
      ['monstera-deliciosa', 'fr', 'Faux philodendron'],
      ['ficus-lyrata', 'es', 'Ficus lira'],
      ['ficus-lyrata', 'de', 'Geigenfeige'],
      ['ficus-lyrata', 'fr', 'Figuier lyre'],
      ['aloe-vera', 'es', 'Aloe vera'],
      ['aloe-vera', 'de', 'Echte Aloe'],
      ['aloe-vera', 'fr', 'Aloès'],
      ['dracaena-trifasciata', 'es', 'Lengua de suegra'],
      ['chlorophytum-comosum', 'de', 'Grünlilie'],
      ['spathiphyllum-wallisii', 'de', 'Einblatt'],
    ] as const)('names %s in %s first "%s"', (id, language, name) => {
      const s = species.find((row) => row._id === id)!;
      expect(speciesNames(s, language)[0]).toBe(name);
    });

    it('leaves a language empty where no widely used name is known, and names most species in each', () => {
      const named = (language: (typeof OTHER_LANGUAGES)[number]) =>
        species.filter((s) => speciesNames(s, language).length > 0).length;
      for (const language of OTHER_LANGUAGES) expect(named(language), language).toBeGreaterThanOrEqual(240);
      // Calatheas have no everyday name of their own in any of the three: the reader sees the scientific one.
      expect(species.find((s) => s._id === 'goeppertia-orbifolia')?.names).toEqual({ es: [], de: [], fr: [] });
    });
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
