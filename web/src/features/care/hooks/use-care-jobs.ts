import type { Plant } from '@model';
import { CARE_JOB_WORDS, capitalise, type CareJob } from '@model/care-tasks';
import { localToday } from '@model/schedule';
import { useCallback, useEffect, useRef, useState } from 'react';
import { undoWaterings } from '@/features/care/api/undo-waterings';
import { isUnanswered, newJobId, queueCareJob } from '@/features/care/lib/offline-care-jobs';
import { getAuthState } from '@/lib/auth';
import { changed } from '@/lib/server-changes';
import { preloadToasts, toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';
import { doCareJob } from '../api/do-care-job';
import { doCareJobs } from '../api/do-care-jobs';
import { snoozeCareJob } from '../api/snooze-care-job';
import { checkCareJob } from '../api/check-care-job';
import { answerSuggestion as answerSuggestionOf } from '../api/answer-suggestion';
import { checkedWords } from '../lib/event-text';
import { formatLongDate } from '@/lib/dates';
import { undoCareJob } from '../api/undo-care-job';

type NamedPlant = Pick<Plant, '_id' | 'plantName'>;

/** One job of one plant, as Today's rows and Do all due name them. */
export interface JobOfPlant {
  plant: NamedPlant;
  job: CareJob;
}

export interface UseCareJobsOptions {
  /**
   * Gets the plant as the server stored it after a job or an undo: by default every view that
   * shows it takes it in at once (`changed`); a page that shows more of it says what to read again.
   */
  onChange?: (plant: Plant) => void;
}

const showEverywhere = (plant: Plant) => void changed({ answered: [plant] });

export interface CareJobsFlow {
  /**
   * Records a job done on `date` (default the user's today); toasts 'Fertilized <name>' ('Watered
   * <name>') with Undo. Resolves the updated plant, or null on failure (or when kept offline).
   */
  doJob: (plant: NamedPlant, job: CareJob, date?: string) => Promise<Plant | null>;
  /** Takes back the job's latest record. Resolves the restored plant, or null on failure. */
  undo: (plant: NamedPlant, job: CareJob) => Promise<Plant | null>;
  /**
   * Does every job in one request (POST /mango/care), all or nothing; one summary toast with an Undo
   * for all of them. Offline, each job is queued as its row's Done would be, with one sentence.
   */
  doAll: (items: readonly JobOfPlant[]) => Promise<void>;
  /** Whether a request for this plant is under way (its job buttons are disabled). */
  isBusy: (id: string) => boolean;
  /**
   * Moves each job `days` later without doing it (POST /mango/:id/care/:task/snooze); one toast
   * ('Watering of Aloe snoozed for 2 days', '3 jobs snoozed for 1 day') with Undo, the jobs' usual
   * undo. Needs the network, as an edit does.
   */
  snooze: (items: readonly JobOfPlant[], days: number) => Promise<void>;
  /**
   * Says the job was checked and is not needed yet (POST /mango/:id/care/:task/check): the server
   * moves it later; a toast ('Checked Aloe: soil still moist. Next watering: August 4, 2027') with
   * Undo, the job's usual undo. Needs the network. Resolves the updated plant, or null on failure.
   */
  checkIn: (plant: NamedPlant, job: CareJob) => Promise<Plant | null>;
  /**
   * Answers what the plant's rhythm suggests (POST /mango/:id/care/:task/suggestion): "Use every N
   * days" (`use`) or "Keep"; a toast says what the schedule is now. Needs the network, as an edit
   * does. Resolves the updated plant, or null on failure.
   */
  answerSuggestion: (plant: SuggestedPlant, use: boolean) => Promise<Plant | null>;
}

type SuggestedPlant = NamedPlant & { suggestion: Suggestion };
type Suggestion = NonNullable<Plant['suggestion']>;

const jobsCount = (count: number) => (count === 1 ? '1 job' : `${count} jobs`);
const daysCount = (count: number) => (count === 1 ? '1 day' : `${count} days`);
/** 'Watering of Aloe' for one job, '3 jobs' for more. */
const jobsNamed = (items: readonly JobOfPlant[]) =>
  items.length === 1
    ? `${capitalise(CARE_JOB_WORDS[items[0]!.job].doing)} of ${items[0]!.plant.plantName}`
    : jobsCount(items.length);

/**
 * The undo of Do all due. The API undoes a care task one plant and task at a time (DELETE
 * /mango/:id/care/:task/latest: a watering or another task after it does not hold it up), and the
 * waterings of a batch all at once (DELETE /mango/waterings/latest, all or nothing), which refuses
 * a plant whose latest change is not a watering. So the tasks go first, each plant's one after the
 * other and the plants side by side, and then the waterings in one request. Resolves the plants
 * restored and the first failure (the other jobs are still undone where they can be).
 */
async function undoAll(items: readonly JobOfPlant[]): Promise<{ restored: Plant[]; failure?: unknown }> {
  const restored = new Map<string, Plant>();
  let failure: unknown;
  const byPlant = new Map<string, CareJob[]>();
  for (const { plant, job } of items)
    if (job !== 'water') byPlant.set(plant._id, [...(byPlant.get(plant._id) ?? []), job]);
  await Promise.all(
    [...byPlant].map(async ([id, jobs]) => {
      for (const job of jobs) {
        try {
          restored.set(id, await undoCareJob(id, job));
        } catch (error) {
          failure ??= error;
          return;
        }
      }
    }),
  );
  const watered = items.filter(({ job }) => job === 'water').map(({ plant }) => plant._id);
  if (watered.length > 0) {
    try {
      for (const plant of await undoWaterings(watered)) restored.set(plant._id, plant);
    } catch (error) {
      failure ??= error;
    }
  }
  return { restored: [...restored.values()], failure };
}

/**
 * Keeps a job that cannot reach the server (offline, or its request got no answer) to send when the
 * network is back (offline-care-jobs.ts), saying so; resolves false when nobody is signed in.
 */
async function queued(plant: NamedPlant, job: CareJob, date: string, jobId: string): Promise<boolean> {
  const user = getAuthState().user;
  if (!user) return false;
  await queueCareJob({ uid: user.uid, plantId: plant._id, plantName: plant.plantName, job, date, jobId });
  void toast.info(
    `You are offline: ${plant.plantName} will be marked as ${CARE_JOB_WORDS[job].done} when you are back online.`,
  );
  return true;
}

/**
 * Keeps every job of a Do all due tapped offline in the offline queue, each as its own job with an id
 * of its own, as if each row's Done had been tapped (the queue sends each alone, and the server
 * records a job with an id once); resolves false when nobody is signed in.
 */
async function queuedAll(items: readonly JobOfPlant[], date: string): Promise<boolean> {
  const [first] = items;
  if (items.length === 1 && first) return queued(first.plant, first.job, date, newJobId());
  const user = getAuthState().user;
  if (!user) return false;
  for (const { plant, job } of items)
    await queueCareJob({ uid: user.uid, plantId: plant._id, plantName: plant.plantName, job, date, jobId: newJobId() });
  void toast.info(`You are offline: ${jobsCount(items.length)} will be marked as done when you are back online.`);
  return true;
}

/**
 * Keeps Snoozes or check-ins that cannot reach the server (offline, or a request that got no answer)
 * in the offline queue, each with the id its request was (or would have been) sent with, saying so;
 * resolves false when nobody is signed in. The server moves a job with an id once, so a snooze whose
 * answer was lost, sent again, does not move it twice.
 */
async function queuedMoves(
  items: readonly (JobOfPlant & { jobId: string })[],
  move: { kind: 'snooze'; days: number } | { kind: 'check' },
  date: string,
): Promise<boolean> {
  const user = getAuthState().user;
  if (!user) return false;
  for (const { plant, job, jobId } of items)
    await queueCareJob({ uid: user.uid, plantId: plant._id, plantName: plant.plantName, job, date, jobId, ...move });
  const [first] = items;
  const what =
    items.length === 1 && first
      ? `the ${CARE_JOB_WORDS[first.job].doing} of ${first.plant.plantName}`
      : jobsCount(items.length);
  void toast.info(
    move.kind === 'snooze'
      ? `You are offline: ${what} will be snoozed for ${daysCount(move.days)} when you are back online.`
      : `You are offline: the check-in of ${first?.plant.plantName} will be saved when you are back online.`,
  );
  return true;
}

/**
 * The one flow of every button that records a job (Watered, and Done for fertilizing, repotting,
 * pruning and misting): the request with the owner's token, the new dates handed to the screen, a
 * toast with Undo, and a sentence for every failure (a 401 goes to /login). A job tapped offline,
 * or whose request got no answer, waits in the offline queue, and so do the jobs of a Do all due
 * tapped offline, Snoozes and check-ins: each with its own id, by which the server records it once.
 */
export function useCareJobs({ onChange = showEverywhere }: UseCareJobsOptions = {}): CareJobsFlow {
  const handleApiError = useApiError();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(preloadToasts, []);

  const mark = useCallback((ids: readonly string[], on: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  }, []);

  const busyWhile = useCallback(
    async <T>(ids: readonly string[], run: () => Promise<T>): Promise<T> => {
      mark(ids, true);
      try {
        return await run();
      } finally {
        mark(ids, false);
      }
    },
    [mark],
  );

  const undo = useCallback(
    (plant: NamedPlant, job: CareJob): Promise<Plant | null> =>
      busyWhile([plant._id], async () => {
        const { doing } = CARE_JOB_WORDS[job];
        try {
          const restored = await undoCareJob(plant._id, job);
          onChangeRef.current(restored);
          void toast.info(`${capitalise(doing)} of ${plant.plantName} undone`);
          return restored;
        } catch (error) {
          const message = handleApiError(
            error,
            `The ${doing} of ${plant.plantName} could not be undone. Please try again.`,
          );
          if (message) void toast.error(message);
          return null;
        }
      }),
    [busyWhile, handleApiError],
  );

  const doJob = useCallback(
    (plant: NamedPlant, job: CareJob, date: string = localToday()): Promise<Plant | null> =>
      busyWhile([plant._id], async () => {
        const { done } = CARE_JOB_WORDS[job];
        // The tap's id, sent with each try of it: one that reached the server but whose answer was
        // lost is recorded once when the queue sends it again.
        const jobId = newJobId();
        try {
          if (!navigator.onLine && (await queued(plant, job, date, jobId))) return null;
          const updated = await doCareJob(plant._id, job, date, jobId);
          onChangeRef.current(updated);
          void toast.success(`${capitalise(done)} ${plant.plantName}`, {
            action: { label: 'Undo', onClick: () => void undo(plant, job) },
          });
          return updated;
        } catch (error) {
          // No answer at all, whatever the browser says of the network (a Wi-Fi without internet):
          // kept like a tap offline. An HTTP error is the server's answer, and is not.
          if (isUnanswered(error) && (await queued(plant, job, date, jobId))) return null;
          const message = handleApiError(error, `${plant.plantName} could not be marked as ${done}. Please try again.`);
          if (message) void toast.error(message);
          return null;
        }
      }),
    [busyWhile, handleApiError, undo],
  );

  const doAll = useCallback(
    (items: readonly JobOfPlant[]): Promise<void> => {
      const ids = [...new Set(items.map(({ plant }) => plant._id))];
      return busyWhile(ids, async () => {
        const date = localToday();
        // Offline, each job is queued as a row's Done would be. A batch that got no answer is not:
        // it may have been recorded, and a batch carries no job ids by which the server would know.
        if (!navigator.onLine && (await queuedAll(items, date))) return;
        try {
          const plants = await doCareJobs(
            items.map(({ plant, job }) => ({ plantId: plant._id, task: job })),
            date,
          );
          for (const plant of plants) onChangeRef.current(plant);
          const undoEvery = () =>
            busyWhile(ids, async () => {
              const { restored, failure } = await undoAll(items);
              for (const plant of restored) onChangeRef.current(plant);
              if (failure === undefined) void toast.info(`${jobsCount(items.length)} undone`);
              else {
                const message = handleApiError(
                  failure,
                  `Some of the ${jobsCount(items.length)} could not be undone. Please try again.`,
                );
                if (message) void toast.error(message);
              }
            });
          void toast.success(`${jobsCount(items.length)} done`, {
            action: { label: 'Undo', onClick: () => void undoEvery() },
          });
        } catch (error) {
          // All or nothing: the server's sentence names the plant that stopped them all.
          const message = handleApiError(
            error,
            `${jobsCount(items.length)} could not be marked as done. Please try again.`,
          );
          if (message) void toast.error(message);
        }
      });
    },
    [busyWhile, handleApiError],
  );

  const snooze = useCallback(
    (items: readonly JobOfPlant[], days: number): Promise<void> => {
      const ids = [...new Set(items.map(({ plant }) => plant._id))];
      return busyWhile(ids, async () => {
        const taps = items.map((item) => ({ ...item, jobId: newJobId() }));
        const date = localToday();
        if (!navigator.onLine && (await queuedMoves(taps, { kind: 'snooze', days }, date))) return;
        // One after the other: each is a write of the account's budget, and the first failure
        // (a job no longer tracked) stops the rest; one that got no answer waits, with the rest, in
        // the offline queue.
        const snoozed: JobOfPlant[] = [];
        let failure: { error: unknown; item: JobOfPlant } | undefined;
        for (const [index, item] of taps.entries()) {
          try {
            onChangeRef.current(await snoozeCareJob(item.plant._id, item.job, days, item.jobId));
            snoozed.push(item);
          } catch (error) {
            if (!(isUnanswered(error) && (await queuedMoves(taps.slice(index), { kind: 'snooze', days }, date))))
              failure = { error, item };
            break;
          }
        }
        if (snoozed.length > 0) {
          const undoSnoozes = () =>
            busyWhile(ids, async () => {
              const { restored, failure: undoFailure } = await undoAll(snoozed);
              for (const plant of restored) onChangeRef.current(plant);
              const what = jobsNamed(snoozed);
              if (undoFailure === undefined)
                void toast.info(`${what} ${snoozed.length === 1 ? 'is' : 'are'} no longer snoozed`);
              else {
                const message = handleApiError(
                  undoFailure,
                  `The snooze of ${what.charAt(0).toLowerCase()}${what.slice(1)} could not be undone. Please try again.`,
                );
                if (message) void toast.error(message);
              }
            });
          void toast.success(`${jobsNamed(snoozed)} snoozed for ${daysCount(days)}`, {
            action: { label: 'Undo', onClick: () => void undoSnoozes() },
          });
        }
        if (failure) {
          const { plant } = failure.item;
          const message = handleApiError(
            failure.error,
            `${jobsNamed([failure.item])} could not be snoozed. Please try again.`,
          );
          // In a batch, the server's sentence is about one plant: it is named.
          if (message) void toast.error(items.length === 1 ? message : `${plant.plantName}: ${message}`);
        }
      });
    },
    [busyWhile, handleApiError],
  );

  const checkIn = useCallback(
    (plant: NamedPlant, job: CareJob): Promise<Plant | null> =>
      busyWhile([plant._id], async () => {
        const said = `Checked ${plant.plantName}: ${checkedWords(job)}`;
        const tap = [{ plant, job, jobId: newJobId() }];
        const date = localToday();
        try {
          if (!navigator.onLine && (await queuedMoves(tap, { kind: 'check' }, date))) return null;
          const updated = await checkCareJob(plant._id, job, tap[0]!.jobId);
          onChangeRef.current(updated);
          const next = job === 'water' ? updated.nextWateringDate : updated.care?.[job]?.nextDate;
          const undoCheck = () =>
            busyWhile([plant._id], async () => {
              const { restored, failure } = await undoAll([{ plant, job }]);
              for (const each of restored) onChangeRef.current(each);
              if (failure === undefined) void toast.info(`Check-in of ${plant.plantName} undone`);
              else {
                const message = handleApiError(failure, 'The check-in could not be undone. Please try again.');
                if (message) void toast.error(message);
              }
            });
          void toast.success(next ? `${said}. Next ${CARE_JOB_WORDS[job].doing}: ${formatLongDate(next)}` : said, {
            action: { label: 'Undo', onClick: () => void undoCheck() },
          });
          return updated;
        } catch (error) {
          if (isUnanswered(error) && (await queuedMoves(tap, { kind: 'check' }, date))) return null;
          const message = handleApiError(
            error,
            `The check-in of ${plant.plantName} could not be saved. Please try again.`,
          );
          if (message) void toast.error(message);
          return null;
        }
      }),
    [busyWhile, handleApiError],
  );

  const answerSuggestion = useCallback(
    (plant: SuggestedPlant, use: boolean): Promise<Plant | null> =>
      busyWhile([plant._id], async () => {
        const { task, everyDays } = plant.suggestion;
        const { doing } = CARE_JOB_WORDS[task];
        try {
          const updated = await answerSuggestionOf(
            plant._id,
            task,
            use ? { answer: 'use', everyDays } : { answer: 'keep' },
          );
          onChangeRef.current(updated);
          void toast.success(
            use
              ? `${plant.plantName}: ${doing} every ${daysCount(everyDays)} from now on`
              : `${plant.plantName} keeps its ${doing} schedule`,
          );
          return updated;
        } catch (error) {
          const message = handleApiError(
            error,
            `The schedule of ${plant.plantName} could not be changed. Please try again.`,
          );
          if (message) void toast.error(message);
          return null;
        }
      }),
    [busyWhile, handleApiError],
  );

  const isBusy = useCallback((id: string) => busy.has(id), [busy]);
  return { doJob, undo, doAll, isBusy, snooze, checkIn, answerSuggestion };
}
