import type { Plant } from '@model';
import { dueJobs } from '@model/care-tasks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { CloseIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useAnswer, type Answer } from '@/lib/server-state';
import { useToday } from '@/lib/use-today';
import { DropIcon } from './watering-icons';

const messages = defineMessages({
  label: { id: 'care.banner.label', message: 'Care reminder' },
  water: {
    id: 'care.banner.water',
    message: '{count, plural, one {{count} plant needs} other {{count} plants need}} water today. See Today',
  },
  care: {
    id: 'care.banner.care',
    message: '{count, plural, one {{count} plant needs} other {{count} plants need}} care today. See Today',
  },
  dismiss: { id: 'care.banner.dismiss', message: 'Dismiss the care reminder' },
});

const DISMISSED_KEY = 'watering-reminder-dismissed';

function dismissedOn(): string | null {
  try {
    return sessionStorage.getItem(DISMISSED_KEY);
  } catch {
    return null;
  }
}

/** How many plants have a job due by `today`, and whether every one of those jobs is a watering. */
function dueToday(plants: readonly Plant[], today: string): { count: number; onlyWater: boolean } {
  const jobs = plants.map((plant) => dueJobs(plant, today)).filter((due) => due.length > 0);
  return { count: jobs.length, onlyWater: jobs.every((due) => due.every(({ job }) => job === 'water')) };
}

/**
 * The home page's reminder for a signed-in user with plants that have a job (watering or a care
 * task) due today or overdue (`plants`, read by the home route's loader): one line linking to
 * Today, saying "water" when watering is all there is to do. Loaded only once a user is known (the
 * home page imports it lazily), and
 * fixed to the bottom of the window so arriving late moves nothing on the page. Closing it hides
 * it for the rest of the day in this tab. A failed request shows nothing: it is only a reminder.
 */
export function HomeDueBanner({ plants }: { plants: Answer<Plant[]> }) {
  const t = useT();
  const today = useToday();
  const { count: due, onlyWater } = dueToday(useAnswer(plants), today);
  const [dismissed, setDismissed] = useState(() => dismissedOn() === today);

  if (due === 0 || dismissed) return null;

  const dismiss = () => {
    setDismissed(true);
    try {
      sessionStorage.setItem(DISMISSED_KEY, today);
    } catch {
      // Storage can be off (private mode): the reminder then only closes for this page view.
    }
  };

  return (
    <section
      aria-label={t(messages.label)}
      className="fixed inset-x-0 bottom-0 z-40 p-3 sm:inset-x-auto sm:right-4 sm:bottom-4 sm:p-0"
    >
      <div className="flex items-center gap-3 rounded-xl bg-sky-800 py-2 pr-2 pl-4 text-white shadow-xl ring-1 ring-sky-950/20">
        <DropIcon size={18} className="shrink-0" />
        <Link
          to={paths.dashboardToday}
          className="min-w-0 flex-1 rounded font-semibold underline-offset-4 hover:underline"
        >
          {t(onlyWater ? messages.water : messages.care, { count: due })}
        </Link>
        <button
          type="button"
          onClick={dismiss}
          className="flex size-9 shrink-0 items-center justify-center rounded-lg hover:bg-sky-900"
        >
          <CloseIcon size={18} />
          <span className="sr-only">{t(messages.dismiss)}</span>
        </button>
      </div>
    </section>
  );
}
