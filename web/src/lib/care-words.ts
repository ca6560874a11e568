import type { CareJob } from '@model/care-tasks';
import type { DueState } from '@model/schedule';
import { translate } from './i18n/i18n';
import { defineMessages } from './i18n/messages';

/*
 * A job's name and how due it is, in the app's language: the model keeps its English words
 * (CARE_JOB_WORDS, DueState's `label`) for the server's sentences; the web says them through
 * these messages, with ICU plurals for the days. Every screen that shows a job or a due badge
 * (the plant's page, Today, the lists' cards, the calendar) says it the same way.
 * In the jobs' selects, `other` is misting (ICU asks for an `other`; the jobs are CARE_JOBS).
 */
const messages = defineMessages({
  job: {
    id: 'care.job',
    message: '{job, select, water {Water} fertilize {Fertilize} repot {Repot} prune {Prune} other {Mist}}',
  },
  overdue: { id: 'care.due.overdue', message: 'Overdue by {days, plural, one {{days} day} other {{days} days}}' },
  today: { id: 'care.due.today', message: 'Due today' },
  tomorrow: { id: 'care.due.tomorrow', message: 'Due tomorrow' },
  upcoming: { id: 'care.due.upcoming', message: 'Due in {days, plural, one {{days} day} other {{days} days}}' },
  jobOverdue: {
    id: 'care.jobDue.overdue',
    message: '{job} overdue by {days, plural, one {{days} day} other {{days} days}}',
  },
  jobToday: { id: 'care.jobDue.today', message: '{job} due today' },
  jobTomorrow: { id: 'care.jobDue.tomorrow', message: '{job} due tomorrow' },
  jobUpcoming: {
    id: 'care.jobDue.upcoming',
    message: '{job} due in {days, plural, one {{days} day} other {{days} days}}',
  },
});

/** A component's `t` (useT), so it draws again in a new language; `translate` outside React. */
type Translate = typeof translate;

/** The job as a heading or a calendar names it: "Water", "Fertilize", "Repot", "Prune", "Mist". */
export function jobName(job: CareJob, t: Translate = translate): string {
  return t(messages.job, { job });
}

/** How due a date is: "Overdue by 2 days", "Due today", "Due tomorrow", "Due in 5 days". */
export function dueLabel(state: DueState, t: Translate = translate): string {
  if (state.kind === 'overdue') return t(messages.overdue, { days: -state.days });
  if (state.kind === 'today') return t(messages.today);
  if (state.kind === 'tomorrow') return t(messages.tomorrow);
  return t(messages.upcoming, { days: state.days });
}

/** A job and how due it is: "Water overdue by 1 day", "Fertilize due today", "Repot due in 5 days". */
export function dueJobLabel(job: CareJob, state: DueState, t: Translate = translate): string {
  const name = jobName(job, t);
  if (state.kind === 'overdue') return t(messages.jobOverdue, { job: name, days: -state.days });
  if (state.kind === 'today') return t(messages.jobToday, { job: name });
  if (state.kind === 'tomorrow') return t(messages.jobTomorrow, { job: name });
  return t(messages.jobUpcoming, { job: name, days: state.days });
}
