import type { Plant } from '@model';
import { CARE_TASKS, type CareSchedules } from '@model/care-tasks';
import { DueBadge } from '@/components/due-badge';
import { jobName } from '@/lib/care-words';
import { formatLongDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useToday } from '@/lib/use-today';
import type { CareJobsFlow } from '../hooks/use-care-jobs';
import { CareJobButton } from './care-job-button';
import { SnoozeButton } from './snooze-button';

const messages = defineMessages({
  title: { id: 'care.tasks.title', message: 'More care' },
  none: { id: 'care.tasks.none', message: 'No fertilizing, repotting, pruning or misting is tracked.' },
  noneHint: { id: 'care.tasks.noneHint', message: 'Edit Plant sets them under More care.' },
  noFrequency: { id: 'care.tasks.noFrequency', message: 'No frequency set' },
  next: { id: 'care.tasks.next', message: 'Next: {date}' },
  last: {
    id: 'care.tasks.last',
    message: 'Last {job, select, fertilize {fertilized} repot {repotted} prune {pruned} other {misted}}: {date}',
  },
});

export interface CareTasksProps {
  plant: Pick<Plant, '_id' | 'plantName'>;
  /** The owner's schedules (the signed-in view's, or a job's answer). */
  care: CareSchedules;
  jobs: Pick<CareJobsFlow, 'doJob' | 'isBusy' | 'snooze'>;
  /** Whether the viewer may edit the plant (and so set schedules); a sitter may not. */
  editable: boolean;
}

/**
 * The owner's care tasks beside watering on the plant's page: each tracked task with its
 * frequency, last day, next day with its due badge, and a one-tap Done (an earlier day from its
 * panel, Undo in the toast); Snooze beside it while the task is due.
 */
export function CareTasks({ plant, care, jobs, editable }: CareTasksProps) {
  const today = useToday();
  const t = useT();
  const tracked = CARE_TASKS.filter((task) => care[task]);
  return (
    <section aria-labelledby="care-tasks" className="flex flex-col gap-3">
      <h2 id="care-tasks" className="text-xl font-bold text-slate-900 dark:text-white">
        {t(messages.title)}
      </h2>
      {tracked.length === 0 ? (
        <p className="text-slate-700 dark:text-slate-300">
          {t(messages.none)}
          {editable && ` ${t(messages.noneHint)}`}
        </p>
      ) : (
        <ul className="flex flex-col gap-3">
          {tracked.map((task) => {
            const schedule = care[task]!;
            return (
              <li
                key={task}
                className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700"
              >
                <div className="min-w-0">
                  <div className="flex flex-wrap items-center gap-2">
                    <h3 className="font-semibold text-slate-900 dark:text-white">{jobName(task, t)}</h3>
                    <DueBadge date={schedule.nextDate} />
                  </div>
                  <p className="mt-1 text-sm break-words text-slate-700 dark:text-slate-300">
                    {schedule.frequency ?? t(messages.noFrequency)}
                    {' · '}
                    {t(messages.next, { date: formatLongDate(schedule.nextDate) })}
                    {schedule.lastDate && (
                      <>
                        {' · '}
                        {t(messages.last, { job: task, date: formatLongDate(schedule.lastDate) })}
                      </>
                    )}
                  </p>
                </div>
                <div className="flex flex-wrap items-center gap-2">
                  <CareJobButton
                    plant={plant}
                    job={task}
                    lastDate={schedule.lastDate}
                    onDo={(named, date) => jobs.doJob(named, task, date)}
                    busy={jobs.isBusy(plant._id)}
                    size="small"
                  />
                  {schedule.nextDate && schedule.nextDate <= today && (
                    <SnoozeButton
                      plant={plant}
                      job={task}
                      onSnooze={(days) => jobs.snooze([{ plant, job: task }], days)}
                      busy={jobs.isBusy(plant._id)}
                      size="small"
                    />
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
