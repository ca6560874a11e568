/**
 * The languages a person may read the product in, by their BCP 47 code: English (the default, in
 * which every text is written first), Spanish, German and French.
 */
export const LANGUAGES = ['en', 'es', 'de', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

export const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);
