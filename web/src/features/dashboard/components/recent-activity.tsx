import type { ActivityEvent } from '@model';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { activityText } from '../lib/activity-text';
import { formatMoment, relativeTime } from '@/lib/dates';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { AddIcon, PencilIcon, PulseIcon, TrashIcon } from '@/components/ui/dashboard-icons';

const KIND_STYLE: Record<string, { icon: typeof AddIcon; className: string }> = {
  added: { icon: AddIcon, className: 'bg-green-100 text-green-900 dark:bg-green-950 dark:text-green-100' },
  updated: { icon: PencilIcon, className: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-100' },
  deleted: { icon: TrashIcon, className: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100' },
};
const OTHER_KIND = { icon: PulseIcon, className: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100' };

const messages = defineMessages({
  title: { id: 'dashboard.activity.title', message: 'Recent Activity' },
  none: { id: 'dashboard.activity.none', message: 'No activity yet. Plants you add, update or delete show up here.' },
  addPlant: { id: 'dashboard.activity.addPlant', message: 'Add a plant' },
});

const ROW = 'flex h-12 items-center gap-3';

export interface RecentActivityProps {
  /** Undefined while loading. */
  events?: ActivityEvent[];
  /** The time relative times count from (re-rendered by the page). */
  now?: Date;
}

/** Overview's 'Recent Activity': the user's latest events, newest first, with relative times. */
export function RecentActivity({ events, now = new Date() }: RecentActivityProps) {
  const t = useT();
  return (
    <section
      aria-labelledby="recent-activity-title"
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <h2 id="recent-activity-title" className="text-lg font-semibold text-slate-900 dark:text-white">
        {t(messages.title)}
      </h2>
      {!events && (
        <ul aria-hidden="true" className="mt-4 space-y-3">
          {[0, 1, 2].map((i) => (
            <li key={i} className={ROW}>
              <span className="size-9 shrink-0 animate-pulse rounded-full bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
              <span className="h-4 w-2/3 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
            </li>
          ))}
        </ul>
      )}
      {events && events.length === 0 && (
        <div className="mt-4 flex min-h-[10.5rem] flex-col items-start justify-center gap-3 text-sm text-slate-700 dark:text-slate-300">
          <p>{t(messages.none)}</p>
          <Link
            to={paths.dashboardAddItem}
            className="font-semibold text-leaf-800 underline underline-offset-2 hover:text-leaf-900 dark:text-leaf-50"
          >
            {t(messages.addPlant)}
          </Link>
        </div>
      )}
      {events && events.length > 0 && (
        <ol className="mt-4 min-h-[10.5rem] space-y-3">
          {events.map((event) => {
            const kind = KIND_STYLE[event.type] ?? OTHER_KIND;
            return (
              <li key={event._id} className={ROW}>
                <span className={`flex size-9 shrink-0 items-center justify-center rounded-full ${kind.className}`}>
                  <kind.icon size={18} />
                </span>
                <div className="min-w-0">
                  <p className="truncate text-sm font-medium text-slate-900 dark:text-slate-100">
                    {activityText(event)}
                  </p>
                  <p className="text-xs text-slate-700 dark:text-slate-300">
                    <time dateTime={event.at} title={formatMoment(event.at)}>
                      {relativeTime(event.at, now)}
                    </time>
                  </p>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}
