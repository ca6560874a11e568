import type { Species } from '@model/species';
import { apiFetch } from '@/lib/api-client';

/** The API's address of one species of the catalogue. */
export const speciesPath = (id: string) => `/mango/species/${encodeURIComponent(id)}`;

/** GET /mango/species/:id: one species of the catalogue, the same for everyone (a 404 when there is none). */
export function getSpecies(id: string, signal?: AbortSignal): Promise<Species> {
  return apiFetch<Species>(speciesPath(id), { auth: 'none', signal });
}
