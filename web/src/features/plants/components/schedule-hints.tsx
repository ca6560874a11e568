import type { CareJob } from '@model/care-tasks';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import type { FrequencyHint } from '../lib/next-date-suggestion';
import { fillSlots, slot } from '@/lib/i18n/fill-slots';

// In `suggested`'s select, `other` is misting (ICU asks for an `other`; the jobs are CARE_JOBS).
const messages = defineMessages({
  understood: { id: 'plants.frequency.understood', message: 'Understood as: {interval}' },
  suggested: {
    id: 'plants.nextDate.suggested',
    message:
      '{from, select, today {Suggested from today and the frequency. You can change it.} water {Suggested from the last watering and the frequency. You can change it.} fertilize {Suggested from the last fertilizing and the frequency. You can change it.} repot {Suggested from the last repotting and the frequency. You can change it.} prune {Suggested from the last pruning and the frequency. You can change it.} other {Suggested from the last misting and the frequency. You can change it.}}',
  },
});

/** Under Watering Frequency: the interval the app understood, or that it did not. */
export function FrequencyHintText({ id, hint }: { id: string; hint: FrequencyHint }) {
  const t = useT();
  return (
    <p id={id} className="mt-1.5 min-h-5 text-sm text-slate-700 dark:text-slate-300">
      {hint?.understood &&
        fillSlots(t(messages.understood, { interval: slot(0) }), [
          <span key="interval" className="font-semibold text-leaf-800 dark:text-leaf-50">
            {hint.text}
          </span>,
        ])}
      {hint && !hint.understood && hint.text}
    </p>
  );
}

/**
 * Under a next-date field (Next Watering Date, Next Fertilizing Date...), while it holds the
 * suggested date: suggested from today, or from the last time the job (`from`) was done.
 */
export function SuggestedDateText({
  id,
  suggested,
  from,
}: {
  id: string;
  suggested: boolean;
  from: 'today' | CareJob;
}) {
  const t = useT();
  return (
    <p id={id} className="mt-1.5 min-h-5 text-sm text-slate-700 dark:text-slate-300">
      {suggested && t(messages.suggested, { from })}
    </p>
  );
}
