import { useEffect, useRef } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { frequencyHint, nextDateAfterChange, suggestedNextDate, type FrequencyHint } from '../lib/next-date-suggestion';

export interface NextDateSuggestionOptions {
  frequency: string | undefined;
  /** The last watering (the form's field, or today where the form has none). */
  lastWatered: string | undefined;
  /** The next-date field's current value. */
  next: string | undefined;
  setNext: (value: string) => void;
}

export interface NextDateSuggestion {
  hint: FrequencyHint;
  /** True while the next-date field holds the date the frequency and the last watering suggest. */
  suggested: boolean;
}

/**
 * Fills in the next watering date as the user types the frequency or the last watering date,
 * never over a date the user set by hand (clearing the field hands it back to the form). The
 * starting values count as suggested when they agree with the starting frequency and date, so
 * Update Plant follows a changed frequency too; nothing changes until the user types.
 */
export function useNextDateSuggestion({
  frequency,
  lastWatered,
  next,
  setNext,
}: NextDateSuggestionOptions): NextDateSuggestion {
  const t = useT();
  const suggestion = suggestedNextDate(frequency, lastWatered);
  const applied = useRef<string | undefined>(suggestion);
  const inputs = useRef(`${frequency ?? ''}|${lastWatered ?? ''}`);
  const current = next ?? '';
  const setNextRef = useRef(setNext);
  useEffect(() => {
    setNextRef.current = setNext;
  });

  useEffect(() => {
    const key = `${frequency ?? ''}|${lastWatered ?? ''}`;
    if (key === inputs.current) return;
    inputs.current = key;
    const value = nextDateAfterChange(current, suggestion, { applied: applied.current });
    if (value !== undefined) {
      applied.current = value;
      setNextRef.current(value);
    }
  }, [frequency, lastWatered, current, suggestion]);

  return { hint: frequencyHint(frequency, t), suggested: current !== '' && current === suggestion };
}
