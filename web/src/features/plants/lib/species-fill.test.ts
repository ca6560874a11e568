import { DASHBOARD_CATEGORIES, PLANT_FORM_CATEGORIES } from '@model';
import { everyDays, parseWateringInterval } from '@model/schedule';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, translate } from '@/lib/i18n/i18n';
import { careFormValues } from './care-form';
import { aSpecies, MONSTERA } from '@/test/species';
import { everyDaysUnits, intervalText } from './interval-text';
import { speciesFill, wateringHint, type SpeciesFillFormValues, type SpeciesFillOptions } from './species-fill';

const EMPTY: SpeciesFillFormValues = {
  category: '',
  careLevel: '',
  wateringFrequency: '',
  lastWateredDate: '',
  nextWateringDate: '',
  care: careFormValues(undefined),
};

const JULY = '2026-07-15';
const JANUARY = '2026-01-15';

function fill(options: Partial<Omit<SpeciesFillOptions, 'values'>> & { values?: Partial<SpeciesFillFormValues> } = {}) {
  return speciesFill({
    categories: PLANT_FORM_CATEGORIES,
    species: MONSTERA,
    today: JULY,
    hemisphere: 'north',
    moreCare: true,
    ...options,
    values: { ...EMPTY, ...options.values },
  });
}

describe('speciesFill', () => {
  it('fills every empty field at once and asks about none', () => {
    expect(fill()).toEqual({
      fill: {
        category: 'flowering',
        careLevel: 'easy',
        wateringFrequency: 'Every 7 days',
        nextWateringDate: '2026-07-22',
        'care.fertilize.frequency': 'Every 30 days',
        'care.repot.frequency': 'Every 2 years',
      },
      replace: {},
      conflicts: [],
      watering: { season: 'summer', days: 7 },
    });
  });

  it('counts the next watering from the last one when it is given', () => {
    expect(fill({ values: { lastWateredDate: '2026-07-10' } }).fill.nextWateringDate).toBe('2026-07-17');
  });

  it('lists the fields filled with something different, in form order, and keeps them out of the fill', () => {
    const result = fill({
      values: {
        category: 'fern',
        careLevel: 'difficult',
        wateringFrequency: 'Every 3 days',
        nextWateringDate: '2026-07-18',
        care: { ...careFormValues(undefined), fertilize: { frequency: 'Every 60 days', nextDate: '' } },
      },
    });
    expect(result.conflicts).toEqual([
      'category',
      'careLevel',
      'wateringFrequency',
      'nextWateringDate',
      'care.fertilize.frequency',
    ]);
    expect(result.replace).toEqual({
      category: 'flowering',
      careLevel: 'easy',
      wateringFrequency: 'Every 7 days',
      nextWateringDate: '2026-07-22',
      'care.fertilize.frequency': 'Every 30 days',
    });
    expect(result.fill).toEqual({ 'care.repot.frequency': 'Every 2 years' });
  });

  it('takes a field holding the same value, or a frequency of the same interval, as no conflict', () => {
    const result = fill({
      values: { category: 'flowering', careLevel: 'easy', wateringFrequency: 'Weekly', nextWateringDate: '2026-07-20' },
    });
    expect(result.conflicts).toEqual([]);
    // The frequency stays, so the date the user set beside it stays too.
    expect(result.replace).toEqual({});
    expect(result.fill).not.toHaveProperty('wateringFrequency');
    expect(result.fill).not.toHaveProperty('nextWateringDate');
  });

  it('asks about the next watering date with the frequency, listing it only when it held a date', () => {
    const blankDate = fill({ values: { wateringFrequency: 'Every 3 days' } });
    expect(blankDate.replace).toEqual({ wateringFrequency: 'Every 7 days', nextWateringDate: '2026-07-22' });
    expect(blankDate.conflicts).toEqual(['wateringFrequency']);
    expect(blankDate.fill).not.toHaveProperty('nextWateringDate');
  });

  it('asks before replacing a next watering date typed by hand, even when the frequency was empty', () => {
    const result = fill({ values: { nextWateringDate: '2026-08-01' } });
    expect(result.fill.wateringFrequency).toBe('Every 7 days');
    expect(result.replace).toEqual({ nextWateringDate: '2026-07-22' });
    expect(result.conflicts).toEqual(['nextWateringDate']);
  });

  it('fills the category only when the form offers it', () => {
    expect(fill({ categories: DASHBOARD_CATEGORIES }).fill).not.toHaveProperty('category');
    expect(fill({ categories: DASHBOARD_CATEGORIES, values: { category: 'Herbs' } }).conflicts).not.toContain(
      'category',
    );
    expect(fill({ species: { ...MONSTERA, category: 'Herbs' }, categories: DASHBOARD_CATEGORIES }).fill.category).toBe(
      'Herbs',
    );
  });

  it("uses the summer or the winter interval by the hemisphere's season on the day", () => {
    const interval = (today: string, hemisphere: 'north' | 'south') => {
      const { watering, fill: values } = fill({ today, hemisphere });
      return { ...watering, frequency: values.wateringFrequency };
    };
    expect(interval(JULY, 'north')).toEqual({ season: 'summer', days: 7, frequency: 'Every 7 days' });
    expect(interval(JANUARY, 'north')).toEqual({ season: 'winter', days: 14, frequency: 'Every 14 days' });
    expect(interval(JULY, 'south')).toEqual({ season: 'winter', days: 14, frequency: 'Every 14 days' });
    expect(interval(JANUARY, 'south')).toEqual({ season: 'summer', days: 7, frequency: 'Every 7 days' });
    expect(fill({ today: JANUARY }).fill.nextWateringDate).toBe('2026-01-29');
  });

  it('gives a plant that rests in summer its long interval in summer and its short one in winter', () => {
    const cyclamen = aSpecies({
      _id: 'cyclamen-persicum',
      watering: { summerDays: 21, winterDays: 5, rest: 'summer' },
    });
    const interval = (today: string, hemisphere: 'north' | 'south') => fill({ species: cyclamen, today, hemisphere });
    expect(interval(JULY, 'north').watering).toEqual({ season: 'summer', days: 21 });
    expect(interval(JULY, 'north').fill.wateringFrequency).toBe('Every 21 days');
    expect(interval(JANUARY, 'north').watering).toEqual({ season: 'winter', days: 5 });
    expect(interval(JANUARY, 'south').watering).toEqual({ season: 'summer', days: 21 });
  });

  it('leaves More care alone when the form does not show it, and schedules the catalogue does not know', () => {
    const without = fill({ moreCare: false }).fill;
    expect(without).not.toHaveProperty('care.fertilize.frequency');
    expect(without).not.toHaveProperty('care.repot.frequency');
    const annual = fill({ species: { ...MONSTERA, fertilizeDays: null, repotDays: null } }).fill;
    expect(annual).not.toHaveProperty('care.fertilize.frequency');
    expect(annual).not.toHaveProperty('care.repot.frequency');
  });

  it("fills a field still holding the form's preset as if it were empty", () => {
    const values = { careLevel: 'easy' as const };
    const moderate = { ...MONSTERA, careLevel: 'moderate' as const };
    expect(fill({ species: moderate, values }).conflicts).toEqual(['careLevel']);
    const preset = fill({ species: moderate, values, presets: { careLevel: 'easy' } });
    expect(preset.conflicts).toEqual([]);
    expect(preset.fill.careLevel).toBe('moderate');
  });
});

describe('everyDays', () => {
  it('writes each interval in words the schedule parser reads back as the same number of days', () => {
    for (const days of [1, 2, 7, 14, 30, 60, 365, 540, 730, 1095])
      expect([days, parseWateringInterval(everyDays(days))]).toEqual([days, days]);
    expect(everyDays(7)).toBe('Every 7 days');
    expect(everyDays(730)).toBe('Every 2 years');
  });
});

describe('wateringHint', () => {
  it("says which season's interval was used", () => {
    expect(wateringHint({ season: 'summer', days: 7 })).toBe("Watering every 7 days: the species' summer interval.");
    expect(wateringHint({ season: 'winter', days: 1 })).toBe("Watering every day: the species' winter interval.");
  });
});

describe("speciesFill in the reader's language", () => {
  afterEach(() => activateLanguage('en'));

  it("writes the frequencies in the app's language, and each reads back as the interval it says", async () => {
    await activateLanguage('es');
    expect(fill().fill).toMatchObject({
      wateringFrequency: 'Cada 7 días',
      'care.fertilize.frequency': 'Cada 30 días',
    });
    // A stored frequency is read by the server and by readers of every language: each language's
    // words for an interval must read back as the English ones do.
    for (const language of ['es', 'de', 'fr'] as const) {
      await activateLanguage(language);
      for (const days of [1, 2, 3, 7, 14, 30, 90, 365, 366, 400, 420, 730]) {
        const said = intervalText(everyDaysUnits(days), translate);
        expect(parseWateringInterval(said), `${language}: ${said}`).toBe(parseWateringInterval(everyDays(days)));
      }
    }
  });
});
