import { z } from './zod';
import { CARE_LEVELS, CATEGORIES, SPECIES_ID_MAX, SPECIES_ID_PATTERN } from './plant.model';
import { WATERING_SEASONS } from './seasons';
import { LIGHT_LEVELS } from './light';
import type { Language } from './languages';

export { LIGHT_LEVELS, type LightLevel } from './light';

/**
 * The species catalogue's model, shared by the API and the web app: one species' care as the
 * project's own catalogue states it (functions/src/species/species.data.json, CC0). Pure.
 */

export const HUMIDITY_LEVELS = ['low', 'medium', 'high'] as const;
export type HumidityLevel = (typeof HUMIDITY_LEVELS)[number];
/**
 * What a species' pet facts rest on (docs/species.md, "Pet safety"): an entry of the lists for the
 * species itself, or the rule for its genus.
 */
export const TOXICITY_BASES = ['species', 'genus'] as const;
export type ToxicityBasis = (typeof TOXICITY_BASES)[number];

/**
 * A species' names in a language other than English, the most used first: only names widely used in
 * that language (docs/species.md, "Names in other languages"); none where no such name is known, and
 * then the reader sees the scientific name.
 */
const localNames = z.array(z.string().trim().min(2).max(60)).max(6);
/** Every language but English, whose names are `commonNames`, has its list. */
const NAMES_BY_LANGUAGE = { es: localNames, de: localNames, fr: localNames } satisfies Record<
  Exclude<Language, 'en'>,
  typeof localNames
>;

const days = (name: string, max: number) =>
  z
    .number()
    .int(`${name} must be whole days.`)
    .min(1, `${name} must be at least 1 day.`)
    .max(max, `${name} must be at most ${max} days.`);

/** One species of the catalogue. `null` where the catalogue does not know: never a guess. */
export const SpeciesSchema = z
  .strictObject({
    _id: z.string().max(SPECIES_ID_MAX).regex(SPECIES_ID_PATTERN, 'An id is the scientific name in kebab case.'),
    scientificName: z.string().min(3).max(SPECIES_ID_MAX),
    /** English names, the most used first. */
    commonNames: z.array(z.string().trim().min(2).max(60)).min(1).max(6),
    /** Names in each of the product's other languages, as `commonNames` are in English. */
    names: z.strictObject(NAMES_BY_LANGUAGE),
    family: z.string().regex(/^[A-Z][a-z]+$/, 'A family is one capitalised word.'),
    category: z.enum(CATEGORIES),
    careLevel: z.enum(CARE_LEVELS),
    light: z.enum(LIGHT_LEVELS),
    humidity: z.enum(HUMIDITY_LEVELS),
    /** The lowest temperature it takes without damage, in °C. */
    minTemperatureC: z.number().int().min(-45).max(25),
    /**
     * Days between waterings in summer and in winter (the halves of the year `seasons.ts` names), and
     * the season the plant rests in: winter for most, summer for those that grow in the cool months
     * (cyclamen, aeonium, spring bulbs). The rest season's interval is the longer one.
     */
    watering: z.strictObject({
      summerDays: days('summerDays', 90),
      winterDays: days('winterDays', 90),
      rest: z.enum(WATERING_SEASONS),
    }),
    /** Days between feeds in the growing season; null when it is normally not fed. */
    fertilizeDays: days('fertilizeDays', 365).nullable(),
    /** Days between repottings; null for plants that are not repotted (annuals, beds, bulbs). */
    repotDays: days('repotDays', 3650).nullable(),
    /**
     * As the ASPCA's toxic and non-toxic plant lists have it for this species or, by the genus rule,
     * for its genus; null where they say neither (docs/species.md, "Pet safety").
     */
    toxicToCats: z.boolean().nullable(),
    toxicToDogs: z.boolean().nullable(),
    /**
     * What the two facts rest on: "species" (an entry for this species, a synonym or a variety of it),
     * "genus" (the genus rule), null when both are null. Where cats and dogs rest on different bases,
     * the weaker: "genus" if either fact comes from the genus.
     */
    toxicityBasis: z.enum(TOXICITY_BASES).nullable(),
    /** A sentence or two a new owner most needs. */
    notes: z.string().trim().min(20).max(300),
  })
  .refine((s) => (s.toxicityBasis === null) === (s.toxicToCats === null && s.toxicToDogs === null), {
    message: 'toxicityBasis is null exactly when both toxicToCats and toxicToDogs are.',
    path: ['toxicityBasis'],
  });

export type Species = z.infer<typeof SpeciesSchema>;

/** A species' names in `language`, the most used first: the English common names, or the names in that language (maybe none). */
export function speciesNames(species: Pick<Species, 'commonNames' | 'names'>, language: Language): readonly string[] {
  return language === 'en' ? species.commonNames : species.names[language];
}

/** What a reader of `language` calls the species: its most used name in that language, else its scientific name. */
export function speciesName(
  species: Pick<Species, 'commonNames' | 'names' | 'scientificName'>,
  language: Language,
): string {
  return speciesNames(species, language)[0] ?? species.scientificName;
}

/** The language the catalogue's care notes are written in: English, until they are translated. */
const SPECIES_NOTES_LANGUAGE: Language = 'en';

/**
 * A species as GET /mango/species and GET /mango/species/:id answer it for a reader of one language
 * (`lang`, English without it): the catalogue's fields as they are, `name` (`speciesName` in that
 * language) and `notesLanguage`, the language `notes` are written in, for a reader of another to be told.
 */
export type SpeciesAnswer = Species & { name: string; notesLanguage: Language };

export const speciesAnswer = (species: Species, language: Language): SpeciesAnswer => ({
  ...species,
  name: speciesName(species, language),
  notesLanguage: SPECIES_NOTES_LANGUAGE,
});

/** GET /mango/species: the search's bounds. */
export const SPECIES_SEARCH = { minLength: 2, maxLength: 60, defaultLimit: 10, maxLimit: 50 } as const;

/**
 * Text as the species search compares it: lower case, without accents ("Jalapeño" -> "jalapeno"),
 * runs of spaces and hyphens as one space.
 */
export function foldSpeciesText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[\s\-–—_]+/g, ' ')
    .trim();
}
