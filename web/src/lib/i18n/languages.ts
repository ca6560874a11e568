/*
 * The languages the app speaks. English is the source: its messages are written in the code
 * (messages.ts); every other language is one catalogue file, locales/<code>.ts. A new language is
 * that file and one line here.
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
] as const;

export type Language = (typeof LANGUAGES)[number]['code'];

export const SOURCE_LANGUAGE: Language = 'en';

export function isLanguage(value: unknown): value is Language {
  return LANGUAGES.some((language) => language.code === value);
}

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
