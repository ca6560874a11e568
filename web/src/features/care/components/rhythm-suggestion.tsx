import type { Plant } from '@model';
import { jobIntervalOf } from '@model/care-tasks';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

type Suggestion = NonNullable<Plant['suggestion']>;

/*
 * The suggestion's reason is said here from its figures (the server's `basis` is its English); in
 * the jobs' select `other` is misting: ICU asks for an `other`, and the jobs are CARE_JOBS.
 */
const messages = defineMessages({
  label: { id: 'care.suggestion.label', message: 'Suggestion for {plant}' },
  basis: {
    id: 'care.suggestion.basis',
    message:
      '{job, select, water {Watered} fertilize {Fertilized} repot {Repotted} prune {Pruned} other {Misted}} every {days, plural, one {{days} day} other {{days} days}} on average, not every {current}.',
  },
  useLabel: {
    id: 'care.suggestion.useLabel',
    message: 'Use every {days, plural, one {{days} day} other {{days} days}} for {plant}',
  },
  use: { id: 'care.suggestion.use', message: 'Use every {days, plural, one {{days} day} other {{days} days}}' },
  keepLabel: {
    id: 'care.suggestion.keepLabel',
    message: 'Keep {days, plural, one {{days} day} other {{days} days}} for {plant}',
  },
  keep: { id: 'care.suggestion.keep', message: 'Keep {days}' },
});

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
  const t = useT();
  const { everyDays, task } = suggestion;
  // A suggestion is made only against an interval the schedule has.
  const current = jobIntervalOf(plant, suggestion.task)!;
  return (
    <div
      role="group"
      aria-label={t(messages.label, { plant: plant.plantName })}
      className="mt-2 flex flex-wrap items-center gap-2 rounded-lg bg-amber-50 p-2 text-sm text-amber-950 ring-1 ring-amber-200 dark:bg-amber-950/40 dark:text-amber-100 dark:ring-amber-800"
    >
      <p className="min-w-0 flex-1 basis-48 break-words">
        {t(messages.basis, { job: task, days: everyDays, current })}
      </p>
      <button
        type="button"
        onClick={() => void onAnswer(true)}
        disabled={busy}
        aria-busy={busy}
        aria-label={t(messages.useLabel, { days: everyDays, plant: plant.plantName })}
        className={`${buttonClass} bg-amber-800 text-white hover:bg-amber-900 dark:bg-amber-600 dark:text-amber-950 dark:hover:bg-amber-500`}
      >
        {t(messages.use, { days: everyDays })}
      </button>
      <button
        type="button"
        onClick={() => void onAnswer(false)}
        disabled={busy}
        aria-busy={busy}
        aria-label={t(messages.keepLabel, { days: current, plant: plant.plantName })}
        className={`${buttonClass} bg-white text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800`}
      >
        {t(messages.keep, { days: current })}
      </button>
    </div>
  );
}
