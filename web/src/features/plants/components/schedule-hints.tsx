import type { FrequencyHint } from '../lib/next-date-suggestion';

/** Under Watering Frequency: the interval the app understood, or that it did not. */
export function FrequencyHintText({ id, hint }: { id: string; hint: FrequencyHint }) {
  return (
    <p id={id} className="mt-1.5 min-h-5 text-sm text-slate-700 dark:text-slate-300">
      {hint?.understood && (
        <>
          Understood as: <span className="font-semibold text-leaf-800 dark:text-leaf-50">{hint.text}</span>
        </>
      )}
      {hint && !hint.understood && hint.text}
    </p>
  );
}

/** Under a next-date field (Next Watering Date, Next Fertilizing Date...), while it holds the suggested date. */
export function SuggestedDateText({
  id,
  suggested,
  from,
}: {
  id: string;
  suggested: boolean;
  from: 'today' | `last ${string}`;
}) {
  return (
    <p id={id} className="mt-1.5 min-h-5 text-sm text-slate-700 dark:text-slate-300">
      {suggested &&
        `Suggested from ${from === 'today' ? 'today' : `the ${from}`} and the frequency. You can change it.`}
    </p>
  );
}
