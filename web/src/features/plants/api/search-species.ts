import type { SpeciesAnswer } from '@model/species';
import { apiFetch } from '@/lib/api-client';
import type { Language } from '@/lib/i18n/languages';

/** How many species the form's search box lists at most. */
const SPECIES_SEARCH_LIMIT = 8;

/**
 * GET /mango/species?q=&limit=&lang=: the catalogue's species whose scientific name, an English common
 * name or a name in `language` holds `q` (2 to 60 characters), names starting with it first. Public,
 * the same for every reader of the language.
 */
export async function searchSpecies(q: string, language: Language, signal?: AbortSignal): Promise<SpeciesAnswer[]> {
  const query = new URLSearchParams({ q, limit: String(SPECIES_SEARCH_LIMIT), lang: language });
  const { species } = await apiFetch<{ species: SpeciesAnswer[] }>(`/mango/species?${query}`, {
    auth: 'none',
    signal,
  });
  return species;
}
