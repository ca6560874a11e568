import { foldSpeciesText, speciesNames, type Species } from '@model/species';
import { useCallback } from 'react';
import { useLanguage } from '@/lib/i18n/i18n';

/*
 * A species' names as the reader's language has them: the catalogue's names in that language only,
 * never an English one in their place (docs/species.md, "Names in other languages"); where the
 * language has none, the scientific name stands alone.
 */

/**
 * The name to show for a species, in the reader's language: of its names, the first that holds
 * `query` (what was typed to find it), else the most used; null where the language has none.
 */
export function useSpeciesNameFor(): (species: Species, query?: string) => string | null {
  const language = useLanguage();
  return useCallback(
    (species, query = '') => {
      const names = speciesNames(species, language);
      const needle = foldSpeciesText(query);
      return (needle && names.find((name) => foldSpeciesText(name).includes(needle))) || names[0] || null;
    },
    [language],
  );
}

/** The species card's line of names, under the scientific name; nothing where the language has none. */
export function SpeciesNamesLine({ species }: { species: Species }) {
  const names = speciesNames(species, useLanguage());
  if (names.length === 0) return null;
  return <span className="block text-sm text-slate-700 dark:text-slate-300">{names.join(', ')}</span>;
}

/** A search option's names: the reader's name for the species over its scientific name, or that alone. */
export function SpeciesOptionNames({ name, scientificName }: { name: string | null; scientificName: string }) {
  if (name === null) return <i className="block font-semibold">{scientificName}</i>;
  return (
    <>
      <span className="block font-semibold">{name}</span>
      <i className="block text-sm text-slate-700 dark:text-slate-300">{scientificName}</i>
    </>
  );
}
