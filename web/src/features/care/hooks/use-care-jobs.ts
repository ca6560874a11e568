import type { Plant } from '@model';
import { CARE_JOB_WORDS, type CareJob } from '@model/care-tasks';
import { localToday } from '@model/schedule';
import { useCallback, useEffect, useRef, useState } from 'react';
import { undoWatering } from '@/features/plants/api/undo-watering';
import { waterPlant } from '@/features/plants/api/water-plant';
import { queueWatering } from '@/features/watering/lib/offline-waterings';
import { getAuthState } from '@/lib/auth';
import { preloadToasts, toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';
import { doCareJob } from '../api/do-care-job';
import { undoCareJob } from '../api/undo-care-job';

type NamedPlant = Pick<Plant, '_id' | 'plantName'>;

export interface UseCareJobsOptions {
  /** Gets the plant as the server stored it after a job or an undo: show its new dates at once. */
  onChange: (plant: Plant) => void;
}

export interface CareJobsFlow {
  /**
   * Records a job done on `date` (default the user's today); toasts 'Fertilized <name>' ('Watered
   * <name>') with Undo. Resolves the updated plant, or null on failure (or when kept offline).
   */
  doJob: (plant: NamedPlant, job: CareJob, date?: string) => Promise<Plant | null>;
  /** Takes back the job's latest record. Resolves the restored plant, or null on failure. */
  undo: (plant: NamedPlant, job: CareJob) => Promise<Plant | null>;
  /** Whether a request for this plant is under way (its job buttons are disabled). */
  isBusy: (id: string) => boolean;
  /** Marks the plants busy while `run` goes on (a request for several plants at once). */
  busyWhile: <T>(ids: readonly string[], run: () => Promise<T>) => Promise<T>;
}

const capitalise = (text: string) => `${text[0]!.toUpperCase()}${text.slice(1)}`;
const plural = (count: number) => (count === 1 ? '1 plant' : `${count} plants`);

/**
 * Offline, a watering is kept to send when the network is back (offline-waterings.ts); resolves
 * false when the browser is online (or nobody is signed in) and the request should go now.
 */
export async function queuedOffline(plants: readonly NamedPlant[], date: string): Promise<boolean> {
  if (navigator.onLine) return false;
  const user = getAuthState().user;
  if (!user) return false;
  for (const plant of plants) await queueWatering({ uid: user.uid, plantId: plant._id, plantName: plant.plantName, date });
  const what = plants.length === 1 ? plants[0]!.plantName : plural(plants.length);
  void toast.info(`You are offline: ${what} will be marked as watered when you are back online.`);
  return true;
}

/**
 * The one flow of every button that records a job (Watered, and Done for fertilizing, repotting,
 * pruning and misting): the request with the owner's token, the new dates handed to the screen, a
 * toast with Undo, and a sentence for every failure (a 401 goes to /login). A watering tapped
 * offline waits in the offline queue; the other jobs need the network.
 */
export function useCareJobs({ onChange }: UseCareJobsOptions): CareJobsFlow {
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
          const restored = job === 'water' ? await undoWatering(plant._id) : await undoCareJob(plant._id, job);
          onChangeRef.current(restored);
          void toast.info(`${capitalise(doing)} of ${plant.plantName} undone`);
          return restored;
        } catch (error) {
          const message = handleApiError(error, `The ${doing} of ${plant.plantName} could not be undone. Please try again.`);
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
        try {
          if (job === 'water' && (await queuedOffline([plant], date))) return null;
          const updated = job === 'water' ? await waterPlant(plant._id, date) : await doCareJob(plant._id, job, date);
          onChangeRef.current(updated);
          void toast.success(`${capitalise(done)} ${plant.plantName}`, { action: { label: 'Undo', onClick: () => void undo(plant, job) } });
          return updated;
        } catch (error) {
          const message = handleApiError(error, `${plant.plantName} could not be marked as ${done}. Please try again.`);
          if (message) void toast.error(message);
          return null;
        }
      }),
    [busyWhile, handleApiError, undo],
  );

  const isBusy = useCallback((id: string) => busy.has(id), [busy]);
  return { doJob, undo, isBusy, busyWhile };
}
