import type { Plant } from '@model';
import { groupByDue, localToday, UPCOMING_DAYS } from '@model/schedule';
import { Suspense, useMemo, useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { ButtonSpinner } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { CalendarPanel } from '@/features/calendar/components/calendar-panel';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { DueGroup } from '@/features/watering/components/due-group';
import { DropIcon } from '@/features/watering/components/watering-icons';
import { NO_EMAIL } from '@/features/plants/lib/my-plants';
import { usePlantEdits } from '@/features/plants/hooks/use-plant-edits';
import { useNewDayReload } from '@/features/watering/hooks/use-today';
import { useWatering } from '@/features/watering/hooks/use-watering';
import { readDuePlants } from '@/features/watering/lib/due-plants';
import { currentUser } from '@/lib/auth';
import { serverData, settle, useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';

const primaryClass =
  'inline-flex items-center gap-2 rounded-lg bg-sky-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-70';
const linkClass = 'inline-flex items-center gap-2 rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-leaf-800';

interface TodayData {
  /** The user's day the plants were read for. */
  today: string;
  plants: Answer<Settled<Plant[]>>;
}

/** The user's plants due by the end of the week ahead, soonest first. */
export const { loader, shouldRevalidate } = serverData(({ read }): TodayData => {
  const today = localToday();
  return {
    today,
    plants: currentUser().then((user) => (user?.email ? settle(readDuePlants(read, user.email, UPCOMING_DAYS, today)) : { ok: false, error: NO_EMAIL })),
  };
});

const lead = `What needs water today, and in the next ${UPCOMING_DAYS} days.`;

/**
 * Dashboard Today: the user's plants that are overdue, due today and due in the next 7 days, each
 * with Watered, and Water all due for the first two groups (one summary toast with Undo). A plant
 * watered here moves to its new group at once.
 */
export function Component() {
  const data = useLoaderData() as TodayData;
  const today = useNewDayReload(data.today);
  return (
    <div className="space-y-8">
      <Suspense
        fallback={
          <>
            <PageHeader title="Today" lead={lead} />
            <p role="status" className="text-slate-700 dark:text-slate-300">
              Loading your plants...
            </p>
          </>
        }
      >
        <DuePlants answer={data.plants} today={today} />
      </Suspense>
      <CalendarPanel />
    </div>
  );
}

function DuePlants({ answer, today }: { answer: TodayData['plants']; today: string }) {
  const loaded = useAnswer(answer);
  const error = useLoadError(loaded.ok ? null : loaded.error, 'Your plants could not be loaded. Please try again.');
  const edits = usePlantEdits(loaded);
  const plants = useMemo(() => (loaded.ok ? edits.apply(loaded.data) : []), [loaded, edits]);
  const [wateringAll, setWateringAll] = useState(false);
  const watering = useWatering({ onChange: edits.replacePlant });
  const groups = useMemo(() => groupByDue(plants, today), [plants, today]);
  const due = [...groups.overdue, ...groups.today];

  const waterAll = async () => {
    setWateringAll(true);
    await watering.waterAll(due);
    setWateringAll(false);
  };

  return (
    <>
      <PageHeader
        title="Today"
        lead={lead}
        action={
          due.length > 0 && (
            <button type="button" onClick={() => void waterAll()} disabled={wateringAll} aria-busy={wateringAll} className={primaryClass}>
              {wateringAll ? <ButtonSpinner /> : <DropIcon size={18} />}
              Water all due <span className="sr-only">({due.length === 1 ? '1 plant' : `${due.length} plants`})</span>
            </button>
          )
        }
      />

      {error && <Banner tone="error">{error}</Banner>}

      {loaded.ok && plants.length === 0 && (
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">No plants yet</h2>
          <p className="text-slate-700 dark:text-slate-300">Add a plant with a watering schedule and it will show up here when it needs water.</p>
          <Link to={paths.dashboardAddItem} className={linkClass}>
            Add Your First Plant
          </Link>
        </div>
      )}

      {plants.length > 0 && (
        <>
          {due.length === 0 && (
            <p
              role="status"
              className="rounded-2xl bg-leaf-50 px-4 py-5 font-semibold text-leaf-900 ring-1 ring-leaf-600/30 dark:bg-leaf-900/40 dark:text-leaf-50 dark:ring-leaf-700"
            >
              Everything is watered: nothing is overdue or due today.
            </p>
          )}
          <DueGroup id="overdue" title="Overdue" plants={groups.overdue} empty="Nothing is overdue." onWater={watering.water} isBusy={watering.isBusy} />
          <DueGroup id="today" title="Today" plants={groups.today} empty="Nothing is due today." onWater={watering.water} isBusy={watering.isBusy} />
          <DueGroup
            id="upcoming"
            title={`Next ${UPCOMING_DAYS} days`}
            plants={groups.upcoming}
            empty={`Nothing is due in the next ${UPCOMING_DAYS} days.`}
            onWater={watering.water}
            isBusy={watering.isBusy}
          />
        </>
      )}
    </>
  );
}
