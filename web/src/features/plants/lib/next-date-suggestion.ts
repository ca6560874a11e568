import { isCalendarDate } from '@model/validators';
import { parseWateringInterval, suggestNextWateringDate } from '@model/schedule';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { describedUnits, intervalText } from './interval-text';

const messages = defineMessages({
  // The examples are what the schedule parser reads, which is English in every language.
  notUnderstood: {
    id: 'plants.frequency.notUnderstood',
    message: 'Not understood, so no next date is suggested. Try "Every 3 days" or "Weekly".',
  },
});

export type FrequencyHint = { understood: true; text: string } | { understood: false; text: string } | null;

/**
 * What the form says under Watering Frequency: the interval it understood, that it did not, or
 * nothing while blank; in the app's language (`t`: a component's, so it draws again in a new one).
 */
export function frequencyHint(frequency: string | undefined, t: typeof translate = translate): FrequencyHint {
  if (!frequency?.trim()) return null;
  const days = parseWateringInterval(frequency);
  if (days === null) return { understood: false, text: t(messages.notUnderstood) };
  return { understood: true, text: intervalText(describedUnits(days), t) };
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
