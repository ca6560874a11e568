import type { Plant } from '@model';
import { CARE_JOB_WORDS, type CareJob } from '@model/care-tasks';
import { localToday } from '@model/schedule';
import { useCallback, useEffect, useRef, useState } from 'react';
import { undoWaterings } from '@/features/plants/api/water-plants';
import { preloadToasts, toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';
import { doCareJob } from '../api/do-care-job';
import { doCareJobs } from '../api/do-care-jobs';
import { undoCareJob } from '../api/undo-care-job';

type NamedPlant = Pick<Plant, '_id' | 'plantName'>;

/** One job of one plant, as Today's rows and Do all due name them. */
export interface JobOfPlant {
  plant: NamedPlant;
  job: CareJob;
}

export interface UseCareJobsOptions {
  /** Gets the plant as the server stored it after a job or an undo: show its new dates at once. */
  onChange: (plant: Plant) => void;
}

export interface CareJobsFlow {
  /** Records the job done today (the user's day); toasts 'Fertilized <name>' with Undo. Resolves the updated plant, or null on failure. */
  doJob: (item: JobOfPlant) => Promise<Plant | null>;
  /** Does every job in one request, all or nothing; one summary toast with an Undo for all of them. */
  doAll: (items: readonly JobOfPlant[]) => Promise<void>;
  /** Whether a request for this job of this plant is under way (its Done button is disabled). */
  isBusy: (plantId: string, job: CareJob) => boolean;
}

const capitalise = (text: string) => `${text.charAt(0).toUpperCase()}${text.slice(1)}`;
const jobsCount = (count: number) => (count === 1 ? '1 job' : `${count} jobs`);
const keyOf = ({ plant, job }: JobOfPlant) => `${plant._id}/${job}`;

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
  for (const { plant, job } of items) if (job !== 'water') byPlant.set(plant._id, [...(byPlant.get(plant._id) ?? []), job]);
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
 * Today's flow for care jobs (watering keeps useWatering): the request with the owner's token, the
 * new dates handed to the screen, a toast with Undo, and a sentence for every failure (a 401 goes
 * to /login).
 */
export function useCareJobs({ onChange }: UseCareJobsOptions): CareJobsFlow {
  const handleApiError = useApiError();
  const [busy, setBusy] = useState<ReadonlySet<string>>(new Set());
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  useEffect(preloadToasts, []);

  const mark = useCallback((keys: readonly string[], on: boolean) => {
    setBusy((current) => {
      const next = new Set(current);
      for (const key of keys) {
        if (on) next.add(key);
        else next.delete(key);
      }
      return next;
    });
  }, []);

  const undo = useCallback(
    async (item: JobOfPlant) => {
      const { plant, job } = item;
      const { doing } = CARE_JOB_WORDS[job];
      mark([keyOf(item)], true);
      try {
        onChangeRef.current(await undoCareJob(plant._id, job));
        void toast.info(`${capitalise(doing)} of ${plant.plantName} undone`);
      } catch (error) {
        const message = handleApiError(error, `The ${doing} of ${plant.plantName} could not be undone. Please try again.`);
        if (message) void toast.error(message);
      } finally {
        mark([keyOf(item)], false);
      }
    },
    [handleApiError, mark],
  );

  const doJob = useCallback(
    async (item: JobOfPlant): Promise<Plant | null> => {
      const { plant, job } = item;
      const { done } = CARE_JOB_WORDS[job];
      mark([keyOf(item)], true);
      try {
        const updated = await doCareJob(plant._id, job, localToday());
        onChangeRef.current(updated);
        void toast.success(`${capitalise(done)} ${plant.plantName}`, { action: { label: 'Undo', onClick: () => void undo(item) } });
        return updated;
      } catch (error) {
        const message = handleApiError(error, `${plant.plantName} could not be marked as ${done}. Please try again.`);
        if (message) void toast.error(message);
        return null;
      } finally {
        mark([keyOf(item)], false);
      }
    },
    [handleApiError, mark, undo],
  );

  const doAll = useCallback(
    async (items: readonly JobOfPlant[]) => {
      const keys = items.map(keyOf);
      mark(keys, true);
      try {
        const plants = await doCareJobs(
          items.map(({ plant, job }) => ({ plantId: plant._id, task: job })),
          localToday(),
        );
        for (const plant of plants) onChangeRef.current(plant);
        const undoEvery = async () => {
          mark(keys, true);
          const { restored, failure } = await undoAll(items);
          for (const plant of restored) onChangeRef.current(plant);
          mark(keys, false);
          if (failure === undefined) void toast.info(`${jobsCount(items.length)} undone`);
          else {
            const message = handleApiError(failure, `Some of the ${jobsCount(items.length)} could not be undone. Please try again.`);
            if (message) void toast.error(message);
          }
        };
        void toast.success(`${jobsCount(items.length)} done`, { action: { label: 'Undo', onClick: () => void undoEvery() } });
      } catch (error) {
        // All or nothing: the server's sentence names the plant that stopped them all.
        const message = handleApiError(error, `${jobsCount(items.length)} could not be marked as done. Please try again.`);
        if (message) void toast.error(message);
      } finally {
        mark(keys, false);
      }
    },
    [handleApiError, mark],
  );

  const isBusy = useCallback((plantId: string, job: CareJob) => busy.has(`${plantId}/${job}`), [busy]);
  return { doJob, doAll, isBusy };
}
