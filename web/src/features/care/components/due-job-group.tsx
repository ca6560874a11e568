import type { Plant } from '@model';
import type { PlantJob } from '@model/care-tasks';
import { dueState, dueTone } from '@model/schedule';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { PlantImage } from '@/components/plant-image';
import { dueLabel, jobName } from '@/lib/care-words';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import type { CareJobsFlow } from '../hooks/use-care-jobs';
import { turnOf } from '../lib/turns';
import { CareJobButton } from './care-job-button';
import { CheckInButton } from './check-in-button';
import { RhythmSuggestion } from './rhythm-suggestion';
import { SnoozeButton } from './snooze-button';

const messages = defineMessages({
  count: { id: 'care.group.count', message: '({count, plural, one {{count} job} other {{count} jobs}})' },
  sharedBy: { id: 'care.group.sharedBy', message: 'Shared by {name}' },
  doneLabel: { id: 'care.group.doneLabel', message: 'Done: {job} {plant}' },
  done: { id: 'care.group.done', message: 'Done' },
});

export interface DueJobGroupProps {
  /** 'overdue', 'today' or 'upcoming': the heading's id. */
  id: string;
  title: string;
  rows: readonly PlantJob<Plant>[];
  /** The user's day the rows are grouped against. */
  today: string;
  /** Shown when the group has no job. */
  empty: string;
  /** A job's Done (a watering's through the Watered button, with its earlier day). */
  onDo: CareJobsFlow['doJob'];
  isBusy: (row: PlantJob<Plant>) => boolean;
  /** A job's Snooze, for the groups of jobs that are due (none for the ones ahead). */
  onSnooze?: (row: PlantJob<Plant>, days: number) => void | Promise<unknown>;
  /** A due job checked and found not needed yet ("Still moist"), beside its Snooze. */
  onCheck?: (row: PlantJob<Plant>) => void | Promise<unknown>;
  /** "Use every N days" or "Keep" answered to what a row's plant's rhythm suggests for the row's job. */
  onAnswerSuggestion?: CareJobsFlow['answerSuggestion'];
  /** The signed-in user: a row of a plant someone else owns (shared by their household) says whose it is. */
  viewerUid?: string | null;
  /** Beside the heading: a place's "Do all in ..." on Today's walk. */
  action?: ReactNode;
}

const doneClass =
  'inline-flex items-center justify-center gap-1.5 rounded-lg bg-sky-700 px-3 py-1.5 text-sm font-semibold text-white transition-colors hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-70';

const frequencyOf = ({ plant, job }: PlantJob<Plant>) =>
  (job === 'water' ? plant.wateringFrequency : plant.care?.[job]?.frequency)?.trim();

/**
 * One of the Today page's groups: a heading with its count, and a row per plant and job ("Fertilize
 * · Monstera") with its due badge and Done. Every Done's name says the job and the plant
 * ("Watered Monstera", "Done: Fertilize Monstera"), so a list of them reads well with a screen reader;
 * a due one also has Snooze.
 */
export function DueJobGroup({
  id,
  title,
  rows,
  today,
  empty,
  onDo,
  isBusy,
  onSnooze,
  onCheck,
  onAnswerSuggestion,
  viewerUid,
  action,
}: DueJobGroupProps) {
  const t = useT();
  const headingId = `today-${id}`;
  const heading = (
    <h2 id={headingId} className="flex items-center gap-2 text-xl font-bold break-words text-slate-900 dark:text-white">
      {title}{' '}
      <span
        aria-hidden="true"
        className="rounded-full bg-slate-100 px-2.5 py-0.5 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100"
      >
        {rows.length}
      </span>
      <span className="sr-only">{t(messages.count, { count: rows.length })}</span>
    </h2>
  );
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      {action ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {heading}
          {action}
        </div>
      ) : (
        heading
      )}
      {rows.length === 0 ? (
        <p className="rounded-2xl bg-white px-4 py-5 text-slate-700 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-slate-300 dark:ring-slate-800">
          {empty}
        </p>
      ) : (
        <ul className="space-y-3" aria-labelledby={headingId}>
          {rows.map((row) => {
            const { plant, job } = row;
            const label = jobName(job, t);
            const state = dueState(row.date, today);
            const frequency = frequencyOf(row);
            const busy = isBusy(row);
            const sharedBy = viewerUid && plant.ownerUid && plant.ownerUid !== viewerUid ? plant.userName : undefined;
            const turn = turnOf(plant, viewerUid, job, t);
            const suggestion = plant.suggestion?.task === job ? plant.suggestion : undefined;
            return (
              <li
                key={`${plant._id}/${job}`}
                className="flex flex-wrap items-center gap-3 rounded-2xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:flex-nowrap dark:bg-slate-900 dark:ring-slate-800"
              >
                <PlantImage
                  plant={plant}
                  sizes="64px"
                  alt=""
                  width={64}
                  height={48}
                  className="h-12 w-16 shrink-0 rounded-md bg-slate-100 object-cover dark:bg-slate-800"
                />
                <div className="min-w-0 flex-1">
                  <p className="font-semibold break-words text-slate-900 dark:text-white">
                    {label} <span aria-hidden="true">·</span>{' '}
                    <Link to={paths.plant(plant._id)} className="rounded underline-offset-4 hover:underline">
                      {plant.plantName}
                    </Link>
                  </p>
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
                    {state && <Badge tone={dueTone(state.kind)}>{dueLabel(state, t)}</Badge>}
                    {frequency && <span className="break-words">{frequency}</span>}
                    {sharedBy && <span className="break-words">{t(messages.sharedBy, { name: sharedBy })}</span>}
                    {turn && <Badge tone={turn.mine ? 'green' : 'grey'}>{turn.label}</Badge>}
                  </div>
                  {onAnswerSuggestion && suggestion && (
                    <RhythmSuggestion
                      plant={plant}
                      suggestion={suggestion}
                      onAnswer={(use) => onAnswerSuggestion({ ...plant, suggestion }, use)}
                      busy={busy}
                    />
                  )}
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  {job === 'water' ? (
                    <CareJobButton
                      plant={plant}
                      job="water"
                      lastDate={plant.lastWateredDate}
                      onDo={(named, date) => onDo(named, 'water', date)}
                      busy={busy}
                      size="small"
                    />
                  ) : (
                    <button
                      type="button"
                      onClick={() => void onDo(plant, job)}
                      disabled={busy}
                      aria-busy={busy}
                      aria-label={t(messages.doneLabel, { job: label, plant: plant.plantName })}
                      className={doneClass}
                    >
                      {busy ? (
                        <span
                          aria-hidden="true"
                          className="size-4 animate-spin rounded-full border-2 border-white border-t-transparent motion-reduce:animate-none"
                        />
                      ) : (
                        <CheckIcon size={16} />
                      )}
                      {t(messages.done)}
                    </button>
                  )}
                  {onSnooze && (
                    <SnoozeButton
                      plant={plant}
                      job={job}
                      onSnooze={(days) => onSnooze(row, days)}
                      busy={busy}
                      size="small"
                    />
                  )}
                  {onCheck && (
                    <CheckInButton plant={plant} job={job} onCheck={() => onCheck(row)} busy={busy} size="small" />
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
