import { z } from 'zod';
import { LANGUAGE_CODES, type Language } from '../model/languages';
import { foldSpeciesText, SPECIES_SEARCH, SpeciesSchema, speciesNames, type Species } from '../model/species';
import { once } from '../lib/once';
import data from './species.data.json';

/**
 * The species catalogue: the project's own data (species.data.json, CC0; docs/species.md), checked
 * against the shared model when the function starts and held in memory. Searching it reads no
 * document.
 */
export interface SpeciesCatalogue {
  /**
   * Species whose scientific name, an English common name or a name in `language` (English without
   * it) holds `q` (case and accents aside): those with a name that starts with it first, then the
   * rest, each group alphabetically by the name that matched.
   */
  search(q: string, limit?: number, language?: Language): Species[];
  get(id: string): Species | null;
  has(id: string): boolean;
  size: number;
}

interface Entry {
  species: Species;
  /**
   * For each language, the names a search tries, folded, in the order it tries them: the names in
   * that language, then the English common names (the former scientific names among them), then the
   * scientific name.
   */
  names: Record<Language, string[]>;
}

const searchNames = (species: Species, language: Language): string[] => [
  ...new Set([...speciesNames(species, language), ...species.commonNames, species.scientificName].map(foldSpeciesText)),
];

export function createSpeciesCatalogue(rows: unknown = data): SpeciesCatalogue {
  const all = z.array(SpeciesSchema).parse(rows);
  const entries: Entry[] = all.map((species) => ({
    species,
    names: Object.fromEntries(LANGUAGE_CODES.map((language) => [language, searchNames(species, language)])) as Record<
      Language,
      string[]
    >,
  }));
  const byId = new Map(all.map((species) => [species._id, species]));
  return {
    search(q, limit = SPECIES_SEARCH.defaultLimit, language = 'en') {
      const needle = foldSpeciesText(q);
      // Each match by the name that matched: the first that starts with the text, else the first that holds it.
      const found: { species: Species; starts: boolean; name: string }[] = [];
      for (const { species, names: byLanguage } of entries) {
        const names = byLanguage[language];
        const starting = names.find((name) => name.startsWith(needle));
        const name = starting ?? names.find((candidate) => candidate.includes(needle));
        if (name !== undefined) found.push({ species, starts: starting !== undefined, name });
      }
      found.sort(
        (a, b) =>
          Number(b.starts) - Number(a.starts) ||
          a.name.localeCompare(b.name, language) ||
          a.species._id.localeCompare(b.species._id, 'en'),
      );
      return found.slice(0, limit).map(({ species }) => species);
    },
    get: (id) => byId.get(id) ?? null,
    has: (id) => byId.has(id),
    size: all.length,
  };
}

/** The bundled catalogue, parsed on first use. */
export const speciesCatalogue: () => SpeciesCatalogue = once(createSpeciesCatalogue);
