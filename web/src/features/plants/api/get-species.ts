import type { SpeciesAnswer } from '@model/species';
import { apiFetch } from '@/lib/api-client';
import { readerLanguage } from '@/lib/i18n/i18n';

/**
 * The API's address of one species of the catalogue, asked in the reader's language (the one chosen
 * on this device, else the browser's: the same while the page loads and when it is read again). The
 * answer holds the species' names in every language and the app shows those of the language it
 * speaks (`speciesNames`), so a switch needs no new request; the language in the address keeps each
 * language's answer apart in the caches, and an answer kept from before the catalogue had names in
 * other languages from being taken for one.
 */
export const speciesPath = (id: string) =>
  `/mango/species/${encodeURIComponent(id)}?${new URLSearchParams({ lang: readerLanguage() })}`;

/** GET /mango/species/:id?lang=: one species of the catalogue, the same for everyone (a 404 when there is none). */
export function getSpecies(id: string, signal?: AbortSignal): Promise<SpeciesAnswer> {
  return apiFetch<SpeciesAnswer>(speciesPath(id), { auth: 'none', signal });
}
