import { z } from './zod';
import { CARE_LEVELS, CATEGORIES, SPECIES_ID_MAX, SPECIES_ID_PATTERN } from './plant.model';
import { WATERING_SEASONS } from './seasons';
import { LIGHT_LEVELS } from './light';

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
