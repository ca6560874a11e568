import type { Plant } from '@model';
import { capitalise, jobIntervalOf } from '@model/care-tasks';

type Suggestion = NonNullable<Plant['suggestion']>;

interface RhythmSuggestionProps {
  plant: Pick<Plant, '_id' | 'plantName' | 'wateringIntervalDays' | 'care'>;
  suggestion: Suggestion;
  /** "Use every N days" (true) or "Keep" (false). */
  onAnswer: (use: boolean) => void | Promise<unknown>;
  busy?: boolean;
}

const buttonClass =
  'inline-flex items-center justify-center rounded-lg px-3 py-1.5 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-70';

/**
 * What the plant's rhythm suggests ("Watered every 10 days on average, not every 7."), with "Use
 * every 10 days" and "Keep 7". The buttons' names say the plant, so a list of them reads well.
 */
export function RhythmSuggestion({ plant, suggestion, onAnswer, busy = false }: RhythmSuggestionProps) {
  const { everyDays, basis } = suggestion;
  // A suggestion is made only against an interval the schedule has.
  const current = jobIntervalOf(plant, suggestion.task)!;
  return (
    <div
      role="group"
      aria-label={`Suggestion for ${plant.plantName}`}
      className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-800"
    >
      <p className="min-w-0 flex-1 basis-48 break-words">{capitalise(basis)}.</p>
      <button
        type="button"
        onClick={() => void onAnswer(true)}
        disabled={busy}
        aria-busy={busy}
        aria-label={`Use every ${everyDays} days for ${plant.plantName}`}
        className={`${buttonClass} bg-amber-800 text-white hover:bg-amber-900 dark:bg-amber-600 dark:text-amber-950 dark:hover:bg-amber-500`}
      >
        Use every {everyDays} days
      </button>
      <button
        type="button"
        onClick={() => void onAnswer(false)}
        disabled={busy}
        aria-busy={busy}
        aria-label={`Keep ${current} days for ${plant.plantName}`}
        className={`${buttonClass} bg-white text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800`}
      >
        Keep {current}
      </button>
    </div>
  );
}
