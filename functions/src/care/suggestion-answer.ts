import { HttpError } from '../lib/http-error';
import type { SharablePlant } from '../access/household-access';
import { addDays, CARE_JOB_WORDS, everyDays, jobIntervalOf, type CareJob } from '../model';
import { rememberKept, rhythmsOf, suggestionFor, type SuggestionAnswer } from '../model/rhythm';
import type { PlantChanges } from '../plants/plants.repository';
import { wateringFollowsOf } from '../plants/plants.service';

/**
 * What answering the suggestion for `job` changes: "use" sets the interval it offered (the next
 * date counted from the job's last one, when there is one), "keep" remembers not to offer it again
 * for a while. Refused (409) when there is no suggestion for the job now, or when "use" names
 * another interval than the one there is (the plant changed since it was shown).
 */
export function decideSuggestionAnswer(
  current: SharablePlant,
  job: CareJob,
  input: SuggestionAnswer,
  today: string,
): PlantChanges {
  const rhythms = rhythmsOf(current.rhythm);
  const follows = wateringFollowsOf(current) === 'species';
  const suggestion = suggestionFor(rhythms, job, jobIntervalOf(current, job), today, follows);
  const { doing } = CARE_JOB_WORDS[job];
  if (!suggestion) throw new HttpError(409, 'no_suggestion', `There is no suggestion for ${doing} this plant now.`);
  if (input.answer === 'keep') return { rhythm: { ...rhythms, [job]: rememberKept(rhythms[job], today) } };
  const days = suggestion.everyDays;
  if (input.everyDays !== days)
    throw new HttpError(
      409,
      'suggestion_changed',
      `The suggestion for ${doing} this plant is now every ${days} days: look at it again before using it.`,
    );
  const frequency = everyDays(days);
  if (job === 'water') {
    const { lastWateredDate, nextWateringDate } = current;
    return {
      wateringFrequency: frequency,
      wateringIntervalDays: days,
      // A used suggestion is the owner's own frequency, no longer the species' seasons.
      ...(current.speciesId ? { wateringFollows: 'own' as const, wateringSeason: undefined } : {}),
      nextWateringDate: lastWateredDate ? addDays(lastWateredDate, days) : nextWateringDate,
    };
  }
  const schedule = current.care![job]!;
  const nextDate = schedule.lastDate ? addDays(schedule.lastDate, days) : schedule.nextDate;
  return { care: { ...current.care, [job]: { ...schedule, frequency, intervalDays: days, nextDate } } };
}
