import type { Plant } from '@model';
import { groupJobsByDue, type PlantJob } from '@model/care-tasks';
import { localToday, UPCOMING_DAYS } from '@model/schedule';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Link, useLoaderData } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { ButtonSpinner } from '@/components/ui/form-fields';
import { CheckIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { PendingBelow } from '@/components/ui/loading-overlay';
import { CalendarPanel } from '@/features/calendar/components/calendar-panel';
import { DueJobGroup } from '@/features/care/components/due-job-group';
import { useCareJobs } from '@/features/care/hooks/use-care-jobs';
import { useDigestAction } from '@/features/care/hooks/use-digest-action';
import { readDuePlants } from '@/features/care/lib/due-plants';
import { onlyMineSaved, saveOnlyMine, turnOf } from '@/features/care/lib/turns';
import { PageHeader } from '@/features/dashboard/components/page-header';
import { listPlantPage, plantPagePath, type PlantPageParams } from '@/features/plants/api/list-plant-page';
import { NO_EMAIL } from '@/features/plants/lib/my-plants';
import { readWalk } from '@/features/places/api/list-places';
import { walkThrough } from '@/features/places/lib/plant-places';
import type { WalkPlace } from '@/features/places/types';
import { useToday } from '@/lib/use-today';
import { currentUser } from '@/lib/auth';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { refresh, useChanges, useRefreshing } from '@/lib/server-changes';
import { serverData, settle, useAnswer, type Answer, type Settled } from '@/lib/server-state';
import { useLoadError } from '@/lib/use-api-error';

const messages = defineMessages({
  title: { id: 'today.title', message: 'Today' },
  lead: {
    id: 'today.lead',
    message: 'What your plants need today, and in the next {days, plural, one {{days} day} other {{days} days}}.',
  },
  loading: { id: 'today.loading', message: 'Loading your plants...' },
  digest: { id: 'today.digest', message: 'A daily digest of what is due, by notification or by email:' },
  reminderSettings: { id: 'today.reminderSettings', message: 'Reminder settings' },
  loadFailed: { id: 'today.loadFailed', message: 'Your plants could not be loaded. Please try again.' },
  doAllDue: { id: 'today.doAllDue', message: 'Do all due' },
  jobCount: { id: 'today.jobCount', message: '({count, plural, one {{count} job} other {{count} jobs}})' },
  onlyMine: { id: 'today.onlyMine', message: 'Only mine' },
  onlyMineHint: { id: 'today.onlyMineHint', message: '(the jobs whose turn is yours, and your own plants)' },
  noPlants: { id: 'today.noPlants', message: 'No plants yet' },
  noPlantsLead: {
    id: 'today.noPlantsLead',
    message: 'Add a plant with a watering or care schedule and it will show up here when a job is due.',
  },
  addFirst: { id: 'today.addFirst', message: 'Add Your First Plant' },
  allDone: { id: 'today.allDone', message: 'Everything is done: nothing is overdue or due today.' },
  unplaced: { id: 'today.unplaced', message: 'Unplaced' },
  doAllIn: { id: 'today.doAllIn', message: 'Do all in {place}' },
  doAllUnplaced: { id: 'today.doAllUnplaced', message: 'Do all unplaced' },
  overdue: { id: 'today.overdue', message: 'Overdue' },
  overdueEmpty: { id: 'today.overdueEmpty', message: 'Nothing is overdue.' },
  todayEmpty: { id: 'today.todayEmpty', message: 'Nothing is due today.' },
  upcoming: { id: 'today.upcoming', message: 'Next {days, plural, one {{days} day} other {{days} days}}' },
  upcomingEmpty: {
    id: 'today.upcomingEmpty',
    message: 'Nothing is due in the next {days, plural, one {{days} day} other {{days} days}}.',
  },
});

const primaryClass =
  'inline-flex items-center gap-2 rounded-lg bg-sky-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-sky-800 disabled:cursor-not-allowed disabled:opacity-70';
const linkClass =
  'inline-flex items-center gap-2 rounded-lg bg-leaf-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-leaf-800';

interface TodayData {
  /** The user's day the plants were read for. */
  today: string;
  /** The plants with a job due by the end of the week ahead, soonest first. */
  plants: Answer<Settled<Plant[]>>;
  /** Whether the user has any plant at all: asked only when nothing is due, for the empty state. */
  hasPlants: Answer<boolean>;
  /** The signed-in user: a plant someone else owns (shared by their household) says whose it is. */
  viewerUid: Answer<string | null>;
  /** The reader's places in their walking order (null: not read; the day is then in date order). */
  places: Answer<WalkPlace[] | null>;
}

/** The first plant of the user's list, A to Z: enough to know whether there is any. */
const anyPlant = (email: string): PlantPageParams => ({ email, sort: 'plantName', dir: 'asc', limit: 1 });

/**
 * The user's plants with a job due by the end of the week ahead (GET /mango/due: only those
 * plants, in one indexed query); when there is none, whether the user has plants at all (one plant
 * of their list), so that "No plants yet" is said only to someone who has none.
 */
export const { loader, shouldRevalidate } = serverData(({ read }): TodayData => {
  const today = localToday();
  const user = currentUser();
  const plants = user.then((signedIn) =>
    signedIn?.email
      ? settle(readDuePlants(read, UPCOMING_DAYS, today))
      : ({ ok: false, error: NO_EMAIL } satisfies Settled<Plant[]>),
  );
  const hasPlants = Promise.all([user, plants]).then(([signedIn, due]) => {
    if (!signedIn?.email || !due.ok || due.data.length > 0) return true;
    const params = anyPlant(signedIn.email);
    return read(plantPagePath(params), (signal) => listPlantPage(params, signal)).then(
      (page) => page.plants.length > 0,
      () => true,
    );
  });
  return {
    today,
    plants,
    hasPlants,
    viewerUid: user.then((signedIn) => signedIn?.uid ?? null),
    places: readWalk(read),
  };
});

/**
 * The user's day, for a page whose loader read what is due as of `loadedFor` (its day): once the
 * day has moved on (midnight, or a tab woken the next morning), the page is read again.
 */
function useNewDayReload(loadedFor: string): string {
  const today = useToday();
  const refreshing = useRefreshing();
  const stale = today !== loadedFor && !refreshing;
  useEffect(() => {
    if (stale) void refresh();
  }, [stale]);
  return today;
}

/**
 * Dashboard Today: every job (watering and the tracked care tasks) that is overdue, due today and
 * due in the next 7 days, a row per plant and job, each with its Done, and Do all due for the first
 * two groups (one request, one summary toast with Undo). A job done here moves to its new group at
 * once.
 */
export function Component() {
  const data = useLoaderData() as TodayData;
  const today = useNewDayReload(data.today);
  const t = useT();
  return (
    <div className="space-y-8">
      <Suspense
        fallback={
          <>
            <PageHeader title={t(messages.title)} lead={t(messages.lead, { days: UPCOMING_DAYS })} />
            <p role="status" className="text-slate-700 dark:text-slate-300">
              {t(messages.loading)}
            </p>
            {/* The calendar panel and the footer wait for the jobs: nothing on screen is pushed down when they arrive. */}
            <PendingBelow />
          </>
        }
      >
        <DueJobs
          answer={data.plants}
          hasPlants={data.hasPlants}
          viewer={data.viewerUid}
          places={data.places}
          today={today}
        />
        <CalendarPanel />
        <p className="text-slate-700 dark:text-slate-300">
          {t(messages.digest)}{' '}
          <Link
            to={paths.dashboardReminders}
            className="font-semibold text-leaf-800 underline hover:text-leaf-900 dark:text-leaf-50"
          >
            {t(messages.reminderSettings)}
          </Link>
        </p>
      </Suspense>
    </div>
  );
}

function DueJobs({
  answer,
  hasPlants,
  viewer,
  places: placesAnswer,
  today,
}: {
  answer: TodayData['plants'];
  hasPlants: TodayData['hasPlants'];
  viewer: TodayData['viewerUid'];
  places: TodayData['places'];
  today: string;
}) {
  const t = useT();
  const loaded = useAnswer(answer);
  const anyPlants = useAnswer(hasPlants);
  const viewerUid = useAnswer(viewer);
  const places = useAnswer(placesAnswer);
  const error = useLoadError(loaded.ok ? null : loaded.error, t(messages.loadFailed));
  const overlay = useChanges();
  const all = useMemo(() => (loaded.ok ? overlay(loaded.data, loaded.data) : []), [loaded, overlay]);
  // "Only mine" is offered when the household keeps a rota: some job is someone's turn.
  const rota = all.some((plant) => turnOf(plant, viewerUid) !== null);
  const [onlyMine, setOnlyMine] = useState(onlyMineSaved);
  const [doingAll, setDoingAll] = useState(false);
  /** The place whose "Do all in ..." is on its way ('' for the unplaced). */
  const [doingPlace, setDoingPlace] = useState<string | null>(null);
  const care = useCareJobs();
  // Row by row: a plant's jobs may fall on different turns, each named by its own.
  const groups = useMemo(() => {
    const every = groupJobsByDue(all, today);
    if (!rota || !onlyMine) return every;
    const mine = (rows: PlantJob<Plant>[]) =>
      rows.filter((row) => turnOf(row.plant, viewerUid, row.job)?.mine !== false);
    return { overdue: mine(every.overdue), today: mine(every.today), upcoming: mine(every.upcoming) };
  }, [all, today, rota, onlyMine, viewerUid]);
  const due = [...groups.overdue, ...groups.today];
  // With places, what is due is a walk through the home: a group per place, in the reader's order.
  const walk = places?.length ? walkThrough(due, places) : null;
  const isBusy = (row: PlantJob<Plant>) => care.isBusy(row.plant._id);
  useDigestAction({ due, ready: loaded.ok, care });

  const doAll = async () => {
    setDoingAll(true);
    await care.doAll(due);
    setDoingAll(false);
  };
  const doAllIn = async (key: string, rows: PlantJob<Plant>[]) => {
    setDoingPlace(key);
    await care.doAll(rows);
    setDoingPlace(null);
  };

  const groupProps = { today, viewerUid, onDo: care.doJob, isBusy, onAnswerSuggestion: care.answerSuggestion };
  const onSnooze = (row: PlantJob<Plant>, days: number) => care.snooze([row], days);
  const onCheck = (row: PlantJob<Plant>) => care.checkIn(row.plant, row.job);
  return (
    <>
      <PageHeader
        title={t(messages.title)}
        lead={t(messages.lead, { days: UPCOMING_DAYS })}
        action={
          due.length > 0 && (
            <button
              type="button"
              onClick={() => void doAll()}
              disabled={doingAll}
              aria-busy={doingAll}
              className={primaryClass}
            >
              {doingAll ? <ButtonSpinner /> : <CheckIcon size={18} />}
              {t(messages.doAllDue)} <span className="sr-only">{t(messages.jobCount, { count: due.length })}</span>
            </button>
          )
        }
      />

      {error && <Banner tone="error">{error}</Banner>}

      {rota && (
        <label className="inline-flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
          <input
            type="checkbox"
            checked={onlyMine}
            onChange={(event) => {
              setOnlyMine(event.target.checked);
              saveOnlyMine(event.target.checked);
            }}
            className="size-5 accent-leaf-700"
          />
          {t(messages.onlyMine)}
          <span className="font-normal text-slate-700 dark:text-slate-300">{t(messages.onlyMineHint)}</span>
        </label>
      )}

      {loaded.ok && !anyPlants && (
        <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-4 py-12 text-center shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
          <h2 className="text-xl font-semibold text-slate-900 dark:text-white">{t(messages.noPlants)}</h2>
          <p className="text-slate-700 dark:text-slate-300">{t(messages.noPlantsLead)}</p>
          <Link to={paths.dashboardAddItem} className={linkClass}>
            {t(messages.addFirst)}
          </Link>
        </div>
      )}

      {loaded.ok && anyPlants && (
        <>
          {due.length === 0 && (
            <p
              role="status"
              className="rounded-2xl bg-leaf-50 px-4 py-5 font-semibold text-leaf-900 ring-1 ring-leaf-600/30 dark:bg-leaf-900/40 dark:text-leaf-50 dark:ring-leaf-700"
            >
              {t(messages.allDone)}
            </p>
          )}
          {walk
            ? walk.map(({ place, rows }) => {
                const key = place?.id ?? '';
                const name = place?.name ?? t(messages.unplaced);
                const doing = doingPlace === key;
                return (
                  <DueJobGroup
                    key={key}
                    id={place ? `place-${place.id}` : 'unplaced'}
                    title={name}
                    rows={rows}
                    empty=""
                    onSnooze={onSnooze}
                    onCheck={onCheck}
                    action={
                      <button
                        type="button"
                        onClick={() => void doAllIn(key, rows)}
                        disabled={doingPlace !== null || doingAll}
                        aria-busy={doing}
                        className={primaryClass}
                      >
                        {doing ? <ButtonSpinner /> : <CheckIcon size={18} />}
                        {place ? t(messages.doAllIn, { place: name }) : t(messages.doAllUnplaced)}
                      </button>
                    }
                    {...groupProps}
                  />
                );
              })
            : (
                [
                  { id: 'overdue', title: messages.overdue, rows: groups.overdue, empty: messages.overdueEmpty },
                  { id: 'today', title: messages.title, rows: groups.today, empty: messages.todayEmpty },
                ] as const
              ).map((group) => (
                <DueJobGroup
                  key={group.id}
                  id={group.id}
                  title={t(group.title)}
                  rows={group.rows}
                  empty={t(group.empty)}
                  onSnooze={onSnooze}
                  onCheck={onCheck}
                  {...groupProps}
                />
              ))}
          <DueJobGroup
            id="upcoming"
            title={t(messages.upcoming, { days: UPCOMING_DAYS })}
            rows={groups.upcoming}
            empty={t(messages.upcomingEmpty, { days: UPCOMING_DAYS })}
            {...groupProps}
          />
        </>
      )}
    </>
  );
}
