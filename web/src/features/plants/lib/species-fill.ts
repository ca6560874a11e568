import type { CareTask } from '@model/care-tasks';
import { addDays, parseWateringInterval } from '@model/schedule';
import { seasonalWateringDays, type Hemisphere, type WateringSeason } from '@model/seasons';
import type { Species } from '@model/species';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import { careFieldLabels, type CareFormValues } from './care-form';
import { everyDaysUnits, intervalText, intervalWithin } from './interval-text';
import { fieldLabels } from './plant-words';

const messages = defineMessages({
  wateringHint: {
    id: 'plants.species.wateringHint',
    message:
      "{season, select, summer {Watering {interval}: the species' summer interval.} other {Watering {interval}: the species' winter interval.}}",
  },
});

/** The form fields a species fills, as react-hook-form names them, in the form's order. */
const SPECIES_FILL_FIELDS = [
  'category',
  'careLevel',
  'wateringFrequency',
  'nextWateringDate',
  'care.fertilize.frequency',
  'care.repot.frequency',
] as const;

export type SpeciesFillField = (typeof SPECIES_FILL_FIELDS)[number];
export type SpeciesFillValues = Partial<Record<SpeciesFillField, string>>;

const FIELD_LABELS: Partial<Record<SpeciesFillField, Message>> = {
  category: fieldLabels.category,
  careLevel: fieldLabels.careLevel,
  wateringFrequency: fieldLabels.wateringFrequency,
  nextWateringDate: fieldLabels.nextWateringDate,
};

/** The label the form shows for a field, for the question before replacing, in the app's language. */
export function speciesFillLabel(field: SpeciesFillField, t: typeof translate = translate): string {
  if (field === 'care.fertilize.frequency') return careFieldLabels('fertilize', t).frequency;
  if (field === 'care.repot.frequency') return careFieldLabels('repot', t).frequency;
  return t(FIELD_LABELS[field]!);
}

/** The part of the plant form a species reads. */
export interface SpeciesFillFormValues {
  category: string;
  careLevel: string;
  wateringFrequency: string;
  lastWateredDate: string;
  nextWateringDate: string;
  care: CareFormValues;
}

export interface SpeciesFillOptions {
  /** The form's values as they stand. */
  values: SpeciesFillFormValues;
  /** The categories the form offers: the species' category is filled only when it is one of them. */
  categories: readonly string[];
  species: Species;
  /** The user's calendar day, YYYY-MM-DD: the season, and the first watering when no last one is given. */
  today: string;
  hemisphere: Hemisphere;
  /** The person's time zone: the equinoxes' days in it (UTC when not given). */
  timeZone?: string;
  /** Whether the form shows More care: its schedules are filled only then. */
  moreCare: boolean;
  /** Values the form put there itself (Add Item's care level "easy"): a field still holding one counts as empty. */
  presets?: SpeciesFillValues;
  /**
   * The app's language (a component's `t`), in which the frequencies are written: "Cada 7 días" to
   * a Spanish reader. Every language's words read back as the same interval (parseWateringInterval).
   */
  t?: typeof translate;
}

export interface SpeciesFill {
  /** For the fields that are empty: filled at once. */
  fill: SpeciesFillValues;
  /** For the fields that hold something else: replaced only when the user agrees. */
  replace: SpeciesFillValues;
  /** The fields of `replace` that hold something the user typed or chose, in the form's order. */
  conflicts: SpeciesFillField[];
  /** The watering interval used: the season's. */
  watering: { season: WateringSeason; days: number };
}

/**
 * Under the species box: which season's interval the species asks for today, in the app's
 * language (`t`: a component's, so it draws again in a new one).
 */
export function wateringHint(
  { season, days }: { season: WateringSeason; days: number },
  t: typeof translate = translate,
): string {
  return t(messages.wateringHint, { season, interval: intervalWithin(everyDaysUnits(days), t) });
}

const FREQUENCIES = new Set<SpeciesFillField>([
  'wateringFrequency',
  'care.fertilize.frequency',
  'care.repot.frequency',
]);

function currentValue(values: SpeciesFillFormValues, field: SpeciesFillField): string {
  if (field === 'care.fertilize.frequency') return values.care.fertilize.frequency;
  if (field === 'care.repot.frequency') return values.care.repot.frequency;
  return values[field];
}

/** A frequency that means the same interval ("Weekly" and "Every 7 days") is the same value. */
function same(field: SpeciesFillField, current: string, value: string): boolean {
  if (current.trim() === value) return true;
  if (!FREQUENCIES.has(field)) return false;
  const days = parseWateringInterval(current);
  return days !== null && days === parseWateringInterval(value);
}

/**
 * What choosing `species` fills in: the category (when the form offers it), the care level, the
 * watering frequency with the interval of today's season, the next watering from the last one (or
 * today), and with More care the fertilizing and repotting frequencies the catalogue knows. Empty
 * fields go to `fill`, fields holding something else to `replace`. The next watering date follows
 * the frequency: it changes only with it (or when it is empty), so a date never disagrees with the
 * frequency the user kept. Pure.
 */
export function speciesFill({
  values,
  categories,
  species,
  today,
  hemisphere,
  timeZone,
  moreCare,
  presets = {},
  t = translate,
}: SpeciesFillOptions): SpeciesFill {
  const watering = seasonalWateringDays(species.watering, today, hemisphere, timeZone);
  const everyDays = (days: number) => intervalText(everyDaysUnits(days), t);
  const frequency = everyDays(watering.days);
  const careDays: Partial<Record<CareTask, number | null>> = moreCare
    ? { fertilize: species.fertilizeDays, repot: species.repotDays }
    : {};
  const wanted: SpeciesFillValues = {
    ...(categories.includes(species.category) ? { category: species.category } : {}),
    careLevel: species.careLevel,
    wateringFrequency: frequency,
    nextWateringDate: addDays(values.lastWateredDate.trim() || today, watering.days),
    ...(careDays.fertilize ? { 'care.fertilize.frequency': everyDays(careDays.fertilize) } : {}),
    ...(careDays.repot ? { 'care.repot.frequency': everyDays(careDays.repot) } : {}),
  };

  const fill: SpeciesFillValues = {};
  const replace: SpeciesFillValues = {};
  const conflicts: SpeciesFillField[] = [];
  for (const field of SPECIES_FILL_FIELDS) {
    const value = wanted[field];
    if (value === undefined) continue;
    const held = currentValue(values, field);
    const empty = held.trim() === '' || held === presets[field];
    if (field === 'nextWateringDate') {
      // The date goes with the frequency: set with it, asked about with it, else only when empty.
      if (held === value) continue;
      if ('wateringFrequency' in replace) {
        replace[field] = value;
        if (!empty) conflicts.push(field);
      } else if (empty) fill[field] = value;
      else if ('wateringFrequency' in fill) {
        replace[field] = value;
        conflicts.push(field);
      }
      continue;
    }
    if (empty) fill[field] = value;
    else if (!same(field, held, value)) {
      replace[field] = value;
      conflicts.push(field);
    }
  }
  return { fill, replace, conflicts, watering };
}
