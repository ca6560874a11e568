import { z } from 'zod';
import { foldSpeciesText, SPECIES_SEARCH, SpeciesSchema, type Species } from '../model/species';
import data from './species.data.json';

/**
 * The species catalogue: the project's own data (species.data.json, CC0; docs/species.md), checked
 * against the shared model when the function starts and held in memory. Searching it reads no
 * document.
 */
export interface SpeciesCatalogue {
  /**
   * Species whose scientific or a common name holds `q` (case and accents aside): those with a name
   * that starts with it first, then the rest, each group alphabetically by the name that matched.
   */
  search(q: string, limit?: number): Species[];
  get(id: string): Species | null;
  has(id: string): boolean;
  size: number;
}

interface Entry {
  species: Species;
  /** The common names, then the scientific name, folded. */
  names: string[];
}

export function createSpeciesCatalogue(rows: unknown = data): SpeciesCatalogue {
  const all = z.array(SpeciesSchema).parse(rows);
  const entries: Entry[] = all.map((species) => ({
    species,
    names: [...species.commonNames, species.scientificName].map(foldSpeciesText),
  }));
  const byId = new Map(all.map((species) => [species._id, species]));
  return {
    search(q, limit = SPECIES_SEARCH.defaultLimit) {
      const needle = foldSpeciesText(q);
      // Each match by the name that matched: the first that starts with the text, else the first that holds it.
      const found: { species: Species; starts: boolean; name: string }[] = [];
      for (const { species, names } of entries) {
        const starting = names.find((name) => name.startsWith(needle));
        const name = starting ?? names.find((candidate) => candidate.includes(needle));
        if (name !== undefined) found.push({ species, starts: starting !== undefined, name });
      }
      found.sort(
        (a, b) =>
          Number(b.starts) - Number(a.starts) ||
          a.name.localeCompare(b.name, 'en') ||
          a.species._id.localeCompare(b.species._id, 'en'),
      );
      return found.slice(0, limit).map(({ species }) => species);
    },
    get: (id) => byId.get(id) ?? null,
    has: (id) => byId.has(id),
    size: all.length,
  };
}

let shared: SpeciesCatalogue | undefined;
/** The bundled catalogue, parsed on first use. */
export const speciesCatalogue = (): SpeciesCatalogue => (shared ??= createSpeciesCatalogue());
