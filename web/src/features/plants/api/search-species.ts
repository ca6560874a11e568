import type { Species } from '@model/species';
import { apiFetch } from '@/lib/api-client';

/** How many species the form's search box lists at most. */
const SPECIES_SEARCH_LIMIT = 8;

/**
 * GET /mango/species?q=&limit=: the catalogue's species whose scientific or a common name holds
 * `q` (2 to 60 characters), names starting with it first. Public, the same for everyone.
 */
export async function searchSpecies(q: string, signal?: AbortSignal): Promise<Species[]> {
  const query = new URLSearchParams({ q, limit: String(SPECIES_SEARCH_LIMIT) });
  const { species } = await apiFetch<{ species: Species[] }>(`/mango/species?${query}`, { auth: 'none', signal });
  return species;
}
