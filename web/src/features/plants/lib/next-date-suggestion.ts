import { isCalendarDate } from '@model/validators';
import { describeInterval, parseWateringInterval, suggestNextWateringDate } from '@model/schedule';

export type FrequencyHint = { understood: true; text: string } | { understood: false; text: string } | null;

/** What the form says under Watering Frequency: the interval it understood, that it did not, or nothing while blank. */
export function frequencyHint(frequency: string | undefined): FrequencyHint {
  if (!frequency?.trim()) return null;
  const days = parseWateringInterval(frequency);
  if (days === null)
    return { understood: false, text: 'Not understood, so no next date is suggested. Try "Every 3 days" or "Weekly".' };
  return { understood: true, text: describeInterval(days) };
}

/** The next watering the form suggests: the last watering plus the understood interval, or nothing. */
export function suggestedNextDate(frequency: string | undefined, lastWatered: string | undefined): string | undefined {
  const last = lastWatered?.trim();
  if (!last || !isCalendarDate(last)) return undefined;
  return suggestNextWateringDate(last, parseWateringInterval(frequency));
}

export interface SuggestionState {
  /** The value the form last filled in itself (or the one the starting values suggest). */
  applied: string | undefined;
}

/**
 * What the next-date field should become after the frequency or the last watering changed:
 * the new suggestion, unless the field holds a date the user set by hand (anything but blank
 * or the value the form filled in itself). `undefined`: leave the field alone.
 */
export function nextDateAfterChange(
  current: string,
  suggestion: string | undefined,
  state: SuggestionState,
): string | undefined {
  const byHand = current.trim() !== '' && current !== state.applied;
  if (byHand || !suggestion || suggestion === current) return undefined;
  return suggestion;
}
