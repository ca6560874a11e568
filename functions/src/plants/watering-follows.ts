import { HttpError } from '../lib/http-error';
import {
  addDays,
  everyDays,
  followedWatering,
  parseWateringInterval,
  type CreatePlantInput,
  type Plant,
  type SeasonContext,
  type Species,
  type UpdatePlantRequest,
  type WateringFollows,
} from '../model';
import type { PlantChanges } from './plants.repository';

/**
 * Whether a plant's watering follows its species' seasons, and what following them writes: the
 * season's interval as the frequency, a next date counted with it, and the season itself (when it
 * ends, and the interval after), so the season job (seasons.service.ts) finds the plant on the day
 * its season changes. Pure: the species and the owner's hemisphere are read by the caller.
 */

type WateringFields = Pick<
  PlantChanges,
  'wateringFrequency' | 'wateringIntervalDays' | 'nextWateringDate' | 'wateringFollows' | 'wateringSeason'
>;

const speciesNeeded = () => {
  const message = 'wateringFollows can be "species" only for a plant with a species (speciesId).';
  return new HttpError(400, 'invalid_input', message, { wateringFollows: message });
};

/**
 * The watering of a plant that follows `species` on `today`: the season's interval; the next date
 * as given when it was given for that interval, else counted from the last watering (or today).
 */
export function followingSpecies(
  species: Species,
  dates: { lastWateredDate?: string | undefined; nextWateringDate?: string | undefined; intervalDays?: number | null },
  context: SeasonContext,
  today: string,
): WateringFields {
  const { days, season } = followedWatering(species.watering, today, context.hemisphere, context.timeZone);
  const keepsDate = dates.nextWateringDate !== undefined && dates.intervalDays === days;
  return {
    wateringFrequency: everyDays(days),
    wateringIntervalDays: days,
    nextWateringDate: keepsDate ? dates.nextWateringDate : addDays(dates.lastWateredDate || today, days),
    wateringFollows: 'species',
    wateringSeason: season,
  };
}

/**
 * A new plant's watering: it follows its species when asked to, or, asked nothing, when it has a
 * species and either no frequency or the species' for the season (what the forms fill in).
 */
export function wateringOnCreate(
  input: CreatePlantInput,
  species: Species | null,
  context: SeasonContext,
  today: string,
): WateringFields {
  const intervalDays = parseWateringInterval(input.wateringFrequency);
  let follows = input.wateringFollows;
  if (follows === 'species' && !species) throw speciesNeeded();
  if (!follows && species) {
    const { days } = followedWatering(species.watering, today, context.hemisphere, context.timeZone);
    follows = input.wateringFrequency === undefined || intervalDays === days ? 'species' : 'own';
  }
  if (follows === 'species') return followingSpecies(species!, { ...input, intervalDays }, context, today);
  // Without a species there is nothing else to follow: nothing is stored.
  return species ? { wateringFollows: 'own' } : {};
}

/**
 * What an update changes of the watering's following: "own" when asked, when the frequency is
 * changed without asking (to another than the species' for the season), or when the species goes;
 * "species" when asked or kept, recounted for a new species. Empty when nothing changes. `context` is the owner's, read when the plant keeps or
 * gets a species.
 */
export function wateringOnUpdate(
  current: Plant,
  input: UpdatePlantRequest,
  speciesOf: (id: string | undefined) => Species | null,
  context: SeasonContext | null,
  today: string,
): WateringFields {
  const was = followsOf(current, speciesOf(current.speciesId));
  const speciesId = input.speciesId === undefined ? current.speciesId : (input.speciesId ?? undefined);
  const species = speciesOf(speciesId);
  const typed = input.wateringFrequency !== current.wateringFrequency;
  // A frequency changed to the species' for the season is what the form fills in on choosing it.
  const filled = () =>
    parseWateringInterval(input.wateringFrequency) ===
    followedWatering(species!.watering, today, context!.hemisphere, context!.timeZone).days;
  const follows: WateringFollows =
    input.wateringFollows ?? (species && context && (typed ? filled() : was === 'species') ? 'species' : 'own');
  if (follows === 'own') {
    // Stored only for a plant with a species: without one there is nothing else to follow.
    const stored = species ? follows : undefined;
    return (current.wateringFollows ?? (was === 'own' ? stored : undefined)) === stored && !current.wateringSeason
      ? {}
      : { wateringFollows: stored, wateringSeason: undefined };
  }
  if (!species || !context) throw speciesNeeded();
  if (current.wateringFollows === 'species' && speciesId === current.speciesId && !typed && current.wateringSeason)
    return {};
  const dateTyped = input.nextWateringDate !== current.nextWateringDate;
  return followingSpecies(
    species,
    {
      lastWateredDate: input.lastWateredDate,
      nextWateringDate: dateTyped ? input.nextWateringDate : undefined,
      intervalDays: parseWateringInterval(input.wateringFrequency),
    },
    context,
    today,
  );
}

/**
 * Whether a plant's watering follows its species: as stored, else (a plant stored before it was
 * asked) when it has a species whose summer or winter interval is the plant's.
 */
export function followsOf(plant: Plant, species: Species | null): WateringFollows {
  if (plant.wateringFollows) return plant.wateringFollows;
  const days = plant.wateringIntervalDays;
  return species && days && (days === species.watering.summerDays || days === species.watering.winterDays)
    ? 'species'
    : 'own';
}
