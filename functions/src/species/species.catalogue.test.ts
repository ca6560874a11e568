import { describe, expect, it } from 'vitest';
import { speciesAnswer, speciesName } from '../model/species';
import { createSpeciesCatalogue } from './species.catalogue';

const catalogue = createSpeciesCatalogue();
const ids = (...args: Parameters<typeof catalogue.search>) => catalogue.search(...args).map((species) => species._id);

describe('the species search, in the reader language', () => {
  it.each([
    ['es', 'costilla de adan', 'monstera-deliciosa'],
    ['de', 'Fensterblatt', 'monstera-deliciosa'],
    ['fr', 'faux philo', 'monstera-deliciosa'],
    ['es', 'lengua de suegra', 'dracaena-trifasciata'],
    ['de', 'grünlilie', 'chlorophytum-comosum'],
    ['fr', 'FIGUIER LYRE', 'ficus-lyrata'],
  ] as const)('in %s finds "%s": %s', (language, q, id) => {
    expect(ids(q, 10, language)[0]).toBe(id);
  });

  it('finds by any name of the language, anywhere in it, case and accents aside', () => {
    expect(ids('Geigen', 10, 'de')).toEqual(['ficus-lyrata']);
    expect(ids('aloes', 10, 'fr')).toContain('aloe-vera');
    expect(ids('Échte aloe', 10, 'de')).toEqual(['aloe-vera']);
  });

  it('keeps the English names and the scientific name searchable in every language', () => {
    for (const language of ['es', 'de', 'fr'] as const) {
      expect(ids('swiss cheese plant', 10, language), language).toEqual(['monstera-deliciosa']);
      expect(ids('Ficus lyrata', 10, language), language).toEqual(['ficus-lyrata']);
    }
  });

  it('searches no other language than the reader’s', () => {
    expect(ids('Fensterblatt', 10, 'en')).toEqual([]);
    expect(ids('Fensterblatt', 10, 'es')).toEqual([]);
    expect(ids('costilla', 10, 'de')).toEqual([]);
    // English without a language, as before.
    expect(ids('swiss', 50)).toEqual(ids('swiss', 50, 'en'));
  });

  it('lists names that start with the text first, in the language’s own names', () => {
    // "Zitrone" starts a name of the lemon; the Meyer lemon's only holds it.
    const found = ids('zitrone', 10, 'de');
    expect(found.indexOf('citrus-limon')).toBeLessThan(found.indexOf('citrus-meyeri'));
    expect(found).toEqual(expect.arrayContaining(['citrus-limon', 'citrus-meyeri']));
  });
});

describe('a species as the API answers it', () => {
  const monstera = catalogue.get('monstera-deliciosa')!;
  const calathea = catalogue.get('goeppertia-orbifolia')!;

  it('names it in the reader language, else by its scientific name', () => {
    expect(speciesName(monstera, 'en')).toBe('Swiss cheese plant');
    expect(speciesName(monstera, 'es')).toBe('Costilla de Adán');
    expect(speciesName(monstera, 'de')).toBe('Fensterblatt');
    expect(speciesName(monstera, 'fr')).toBe('Faux philodendron');
    expect(speciesName(calathea, 'de')).toBe('Goeppertia orbifolia');
  });

  it('keeps the English fields as they are, and says the notes are in English', () => {
    const answer = speciesAnswer(monstera, 'de');
    expect(answer).toEqual({ ...monstera, name: 'Fensterblatt', notesLanguage: 'en' });
    expect(answer.commonNames[0]).toBe('Swiss cheese plant');
  });
});
