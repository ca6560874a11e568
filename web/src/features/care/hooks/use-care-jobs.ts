import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
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
import { careFailure } from '../lib/care-errors';
import { checkedSentence, nextJobLine } from '../lib/event-text';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { undoCareJob } from '../api/undo-care-job';

/* In the jobs' selects `other` is misting: ICU asks for an `other`, and the jobs are CARE_JOBS. */
const messages = defineMessages({
  undo: { id: 'care.toast.undo', message: 'Undo' },
  offlineDone: {
    id: 'care.offline.done',
    message:
      'You are offline: {plant} will be marked as {job, select, water {watered} fertilize {fertilized} repot {repotted} prune {pruned} other {misted}} when you are back online.',
  },
  offlineDoneAll: {
    id: 'care.offline.doneAll',
    message:
      'You are offline: {count, plural, one {{count} job} other {{count} jobs}} will be marked as done when you are back online.',
  },
  offlineSnoozeOne: {
    id: 'care.offline.snoozeOne',
    message:
      'You are offline: the {job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} of {plant} will be snoozed for {days, plural, one {{days} day} other {{days} days}} when you are back online.',
  },
  offlineSnoozeMany: {
    id: 'care.offline.snoozeMany',
    message:
      'You are offline: {count, plural, one {{count} job} other {{count} jobs}} will be snoozed for {days, plural, one {{days} day} other {{days} days}} when you are back online.',
  },
  offlineCheck: {
    id: 'care.offline.check',
    message: 'You are offline: the check-in of {plant} will be saved when you are back online.',
  },
  undone: {
    id: 'care.toast.undone',
    message:
      '{job, select, water {Watering} fertilize {Fertilizing} repot {Repotting} prune {Pruning} other {Misting}} of {plant} undone',
  },
  undoFailed: {
    id: 'care.toast.undoFailed',
    message:
      'The {job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} of {plant} could not be undone. Please try again.',
  },
  done: {
    id: 'care.toast.done',
    message:
      '{job, select, water {Watered} fertilize {Fertilized} repot {Repotted} prune {Pruned} other {Misted}} {plant}',
  },
  doFailed: {
    id: 'care.toast.doFailed',
    message:
      '{plant} could not be marked as {job, select, water {watered} fertilize {fertilized} repot {repotted} prune {pruned} other {misted}}. Please try again.',
  },
  allUndone: { id: 'care.toast.allUndone', message: '{count, plural, one {{count} job} other {{count} jobs}} undone' },
  allUndoFailed: {
    id: 'care.toast.allUndoFailed',
    message:
      'Some of the {count, plural, one {{count} job} other {{count} jobs}} could not be undone. Please try again.',
  },
  allDone: { id: 'care.toast.allDone', message: '{count, plural, one {{count} job} other {{count} jobs}} done' },
  allFailed: {
    id: 'care.toast.allFailed',
    message: '{count, plural, one {{count} job} other {{count} jobs}} could not be marked as done. Please try again.',
  },
  snoozedOne: {
    id: 'care.toast.snoozedOne',
    message:
      '{job, select, water {Watering} fertilize {Fertilizing} repot {Repotting} prune {Pruning} other {Misting}} of {plant} snoozed for {days, plural, one {{days} day} other {{days} days}}',
  },
  snoozedMany: {
    id: 'care.toast.snoozedMany',
    message:
      '{count, plural, one {{count} job} other {{count} jobs}} snoozed for {days, plural, one {{days} day} other {{days} days}}',
  },
  unsnoozedOne: {
    id: 'care.toast.unsnoozedOne',
    message:
      '{job, select, water {Watering} fertilize {Fertilizing} repot {Repotting} prune {Pruning} other {Misting}} of {plant} is no longer snoozed',
  },
  unsnoozedMany: {
    id: 'care.toast.unsnoozedMany',
    message: '{count, plural, one {{count} job is} other {{count} jobs are}} no longer snoozed',
  },
  unsnoozeFailedOne: {
    id: 'care.toast.unsnoozeFailedOne',
    message:
      'The snooze of {job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} of {plant} could not be undone. Please try again.',
  },
  unsnoozeFailedMany: {
    id: 'care.toast.unsnoozeFailedMany',
    message:
      'The snooze of {count, plural, one {{count} job} other {{count} jobs}} could not be undone. Please try again.',
  },
  snoozeFailed: {
    id: 'care.toast.snoozeFailed',
    message:
      '{job, select, water {Watering} fertilize {Fertilizing} repot {Repotting} prune {Pruning} other {Misting}} of {plant} could not be snoozed. Please try again.',
  },
  failedFor: { id: 'care.toast.failedFor', message: '{plant}: {reason}' },
  checkedNext: { id: 'care.toast.checkedNext', message: '{checked}. {next}' },
  checkUndone: { id: 'care.toast.checkUndone', message: 'Check-in of {plant} undone' },
  checkUndoFailed: { id: 'care.toast.checkUndoFailed', message: 'The check-in could not be undone. Please try again.' },
  checkFailed: {
    id: 'care.toast.checkFailed',
    message: 'The check-in of {plant} could not be saved. Please try again.',
  },
  suggestionUsed: {
    id: 'care.toast.suggestionUsed',
    message:
      '{plant}: {job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} every {days, plural, one {{days} day} other {{days} days}} from now on',
  },
  suggestionKept: {
    id: 'care.toast.suggestionKept',
    message:
      '{plant} keeps its {job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} schedule',
  },
  suggestionFailed: {
    id: 'care.toast.suggestionFailed',
    message: 'The schedule of {plant} could not be changed. Please try again.',
  },
});

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

/** What a sentence about jobs fills in: the job and its plant for one ('Watering of Aloe'), the count for more ('3 jobs'). */
const jobsNamed = (items: readonly JobOfPlant[]) => {
  const [first] = items;
  return { count: items.length, job: first?.job, plant: first?.plant.plantName };
};

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
  void toast.info(translate(messages.offlineDone, { plant: plant.plantName, job }));
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
  void toast.info(translate(messages.offlineDoneAll, { count: items.length }));
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
  const named = jobsNamed(items);
  void toast.info(
    move.kind === 'check'
      ? translate(messages.offlineCheck, named)
      : translate(items.length === 1 ? messages.offlineSnoozeOne : messages.offlineSnoozeMany, {
          ...named,
          days: move.days,
        }),
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
        const named = { job, plant: plant.plantName };
        try {
          const restored = await undoCareJob(plant._id, job);
          onChangeRef.current(restored);
          void toast.info(translate(messages.undone, named));
          return restored;
        } catch (error) {
          const message = careFailure(error, handleApiError(error, translate(messages.undoFailed, named)));
          if (message) void toast.error(message);
          return null;
        }
      }),
    [busyWhile, handleApiError],
  );

  const doJob = useCallback(
    (plant: NamedPlant, job: CareJob, date: string = localToday()): Promise<Plant | null> =>
      busyWhile([plant._id], async () => {
        const named = { job, plant: plant.plantName };
        // The tap's id, sent with each try of it: one that reached the server but whose answer was
        // lost is recorded once when the queue sends it again.
        const jobId = newJobId();
        try {
          if (!navigator.onLine && (await queued(plant, job, date, jobId))) return null;
          const updated = await doCareJob(plant._id, job, date, jobId);
          onChangeRef.current(updated);
          void toast.success(translate(messages.done, named), {
            action: { label: translate(messages.undo), onClick: () => void undo(plant, job) },
          });
          return updated;
        } catch (error) {
          // No answer at all, whatever the browser says of the network (a Wi-Fi without internet):
          // kept like a tap offline. An HTTP error is the server's answer, and is not.
          if (isUnanswered(error) && (await queued(plant, job, date, jobId))) return null;
          const message = careFailure(error, handleApiError(error, translate(messages.doFailed, named)));
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
              if (failure === undefined) void toast.info(translate(messages.allUndone, { count: items.length }));
              else {
                const message = careFailure(
                  failure,
                  handleApiError(failure, translate(messages.allUndoFailed, { count: items.length })),
                );
                if (message) void toast.error(message);
              }
            });
          void toast.success(translate(messages.allDone, { count: items.length }), {
            action: { label: translate(messages.undo), onClick: () => void undoEvery() },
          });
        } catch (error) {
          // All or nothing: the server's sentence names the plant that stopped them all.
          const message = careFailure(
            error,
            handleApiError(error, translate(messages.allFailed, { count: items.length })),
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
              const one = snoozed.length === 1;
              const what = jobsNamed(snoozed);
              if (undoFailure === undefined)
                void toast.info(translate(one ? messages.unsnoozedOne : messages.unsnoozedMany, what));
              else {
                const message = careFailure(
                  undoFailure,
                  handleApiError(
                    undoFailure,
                    translate(one ? messages.unsnoozeFailedOne : messages.unsnoozeFailedMany, what),
                  ),
                );
                if (message) void toast.error(message);
              }
            });
          const snoozedMessage = snoozed.length === 1 ? messages.snoozedOne : messages.snoozedMany;
          void toast.success(translate(snoozedMessage, { ...jobsNamed(snoozed), days }), {
            action: { label: translate(messages.undo), onClick: () => void undoSnoozes() },
          });
        }
        if (failure) {
          const { plant } = failure.item;
          const message = careFailure(
            failure.error,
            handleApiError(failure.error, translate(messages.snoozeFailed, jobsNamed([failure.item]))),
          );
          // In a batch, the server's sentence is about one plant: it is named.
          if (message)
            void toast.error(
              items.length === 1 ? message : translate(messages.failedFor, { plant: plant.plantName, reason: message }),
            );
        }
      });
    },
    [busyWhile, handleApiError],
  );

  const checkIn = useCallback(
    (plant: NamedPlant, job: CareJob): Promise<Plant | null> =>
      busyWhile([plant._id], async () => {
        const said = checkedSentence(plant.plantName, job);
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
              if (failure === undefined) void toast.info(translate(messages.checkUndone, { plant: plant.plantName }));
              else {
                const message = careFailure(failure, handleApiError(failure, translate(messages.checkUndoFailed)));
                if (message) void toast.error(message);
              }
            });
          const checked = next
            ? translate(messages.checkedNext, { checked: said, next: nextJobLine(job, next) })
            : said;
          void toast.success(checked, {
            action: { label: translate(messages.undo), onClick: () => void undoCheck() },
          });
          return updated;
        } catch (error) {
          if (isUnanswered(error) && (await queuedMoves(tap, { kind: 'check' }, date))) return null;
          const message = careFailure(
            error,
            handleApiError(error, translate(messages.checkFailed, { plant: plant.plantName })),
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
        const named = { job: task, plant: plant.plantName };
        try {
          const updated = await answerSuggestionOf(
            plant._id,
            task,
            use ? { answer: 'use', everyDays } : { answer: 'keep' },
          );
          onChangeRef.current(updated);
          void toast.success(
            use
              ? translate(messages.suggestionUsed, { ...named, days: everyDays })
              : translate(messages.suggestionKept, named),
          );
          return updated;
        } catch (error) {
          const message = careFailure(
            error,
            handleApiError(error, translate(messages.suggestionFailed, { plant: plant.plantName })),
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
