/**
 * The languages a person may read the product in, by their BCP 47 code and their own name: English
 * (the default, in which every text is written first), Spanish, German and French. The web app
 * offers these and the server speaks them; every language but English is one catalogue,
 * locales/<code>.ts. A new language is that file and its line here (docs/languages.md).
 */
export const LANGUAGES = [
  { code: 'en', name: 'English' },
  { code: 'es', name: 'Español' },
  { code: 'de', name: 'Deutsch' },
  { code: 'fr', name: 'Français' },
] as const;
export type Language = (typeof LANGUAGES)[number]['code'];

/** The codes alone, in the same order. */
export const LANGUAGE_CODES = LANGUAGES.map(({ code }) => code) as [Language, ...Language[]];

export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => LANGUAGE_CODES.includes(value as Language);
