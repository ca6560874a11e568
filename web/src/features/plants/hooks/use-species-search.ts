import { SPECIES_SEARCH, type SpeciesAnswer } from '@model/species';
import { useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { translate, useLanguage } from '@/lib/i18n/i18n';
import type { Language } from '@/lib/i18n/languages';
import { defineMessages } from '@/lib/i18n/messages';
import { apiErrorSentence } from '@/lib/use-api-error';
import { searchSpecies } from '../api/search-species';

export type SpeciesSearch =
  | { status: 'idle' }
  | { status: 'searching'; query: string }
  | { status: 'found'; query: string; species: SpeciesAnswer[] }
  | { status: 'failed'; query: string; message: string };

/** How long typing must pause before the catalogue is asked. */
const SPECIES_SEARCH_DELAY_MS = 200;
const messages = defineMessages({
  failed: { id: 'plants.speciesBox.failed', message: 'The species could not be searched. Please try again.' },
});

type Answer = Extract<SpeciesSearch, { status: 'found' | 'failed' }> & { language: Language };

/**
 * The catalogue's species for what is typed, from SPECIES_SEARCH.minLength characters, searched in
 * the reader's language too: asked once typing pauses, the previous request aborted when the text
 * or the language changes. A typeahead is not a route's data, so it is not read through the router's
 * loaders (lib/server-state.ts).
 */
export function useSpeciesSearch(text: string): SpeciesSearch {
  const query = text.trim().slice(0, SPECIES_SEARCH.maxLength);
  const searching = query.length >= SPECIES_SEARCH.minLength;
  const language = useLanguage();
  const [answer, setAnswer] = useState<Answer | null>(null);

  useEffect(() => {
    if (!searching) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchSpecies(query, language, controller.signal).then(
        (species) => setAnswer({ status: 'found', query, species, language }),
        (error: unknown) => {
          if (controller.signal.aborted) return;
          const message =
            error instanceof ApiError && error.message ? apiErrorSentence(error) : translate(messages.failed);
          setAnswer({ status: 'failed', query, message, language });
        },
      );
    }, SPECIES_SEARCH_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, searching, language]);

  if (!searching) return { status: 'idle' };
  return answer?.query === query && answer.language === language ? answer : { status: 'searching', query };
}
