import { DEFAULT_LANGUAGE, isLanguage, LANGUAGES, type Language } from '@model/languages';

/*
 * The languages the app speaks, each named in itself: the shared model's list (the server speaks
 * the same ones in digests and calendar feeds). English is the source: its messages are written in
 * the code (messages.ts); every other language is one catalogue file,
 * functions/src/model/locales/<code>.ts. A new language is that file and its line in the list.
 */
export { isLanguage, LANGUAGES, type Language };

export const SOURCE_LANGUAGE: Language = DEFAULT_LANGUAGE;

/** 'de' for 'de-AT' or 'DE': the language of a BCP 47 tag, as the app names it. */
export const baseLanguage = (tag: string) => tag.split('-')[0]!.toLowerCase();

/** The first of the browser's languages (navigator.languages, in the reader's order) the app speaks, else English. */
export function detectLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const language = baseLanguage(tag);
    if (isLanguage(language)) return language;
  }
  return SOURCE_LANGUAGE;
}
