import type { Plant } from '@model';
import { localToday } from '@model/schedule';
import { useCallback, useEffect, useRef } from 'react';
import { queuedOffline, useCareJobs } from '@/features/care/hooks/use-care-jobs';
import { undoWaterings, waterPlants } from '@/features/plants/api/water-plants';
import { toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';

export interface UseWateringOptions {
  /** Gets the plant as the server stored it after a watering or an undo: show its new dates at once. */
  onChange: (plant: Plant) => void;
}

export interface WateringFlow {
  /** Records a watering on `date` (default the user's today); toasts 'Watered <name>' with Undo. Resolves the updated plant, or null on failure. */
  water: (plant: Pick<Plant, '_id' | 'plantName'>, date?: string) => Promise<Plant | null>;
  /** Takes back the plant's latest watering. Resolves the restored plant, or null on failure. */
  undo: (plant: Pick<Plant, '_id' | 'plantName'>) => Promise<Plant | null>;
  /** Waters several plants in one request, all or nothing; one summary toast with an Undo for all of them. */
  waterAll: (plants: readonly Pick<Plant, '_id' | 'plantName'>[]) => Promise<void>;
  /** Whether a request for this plant is under way (its Watered button is disabled). */
  isBusy: (id: string) => boolean;
}

const plural = (count: number) => (count === 1 ? '1 plant' : `${count} plants`);

/**
 * The watering flow of every screen with a Watered button: a watering and its Undo are the care
 * jobs' flow for `water` (useCareJobs), and "Water all due" waters several plants in one request.
 */
export function useWatering({ onChange }: UseWateringOptions): WateringFlow {
  const handleApiError = useApiError();
  const jobs = useCareJobs({ onChange });
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  });
  const { doJob, undo: undoJob, isBusy, busyWhile } = jobs;

  const water = useCallback((plant: Pick<Plant, '_id' | 'plantName'>, date?: string) => doJob(plant, 'water', date), [doJob]);
  const undo = useCallback((plant: Pick<Plant, '_id' | 'plantName'>) => undoJob(plant, 'water'), [undoJob]);

  const waterAll = useCallback(
    (plants: readonly Pick<Plant, '_id' | 'plantName'>[]) => {
      const date = localToday();
      const ids = plants.map((plant) => plant._id);
      return busyWhile(ids, async () => {
        try {
          if (await queuedOffline(plants, date)) return;
          const watered = await waterPlants(ids, date);
          for (const plant of watered) onChangeRef.current(plant);
          const undoAll = async () => {
            try {
              const restored = await undoWaterings(ids);
              for (const plant of restored) onChangeRef.current(plant);
              void toast.info(`Watering of ${plural(restored.length)} undone`);
            } catch (error) {
              const message = handleApiError(error, `The watering of ${plural(ids.length)} could not be undone. Please try again.`);
              if (message) void toast.error(message);
            }
          };
          void toast.success(`Watered ${plural(watered.length)}`, { action: { label: 'Undo', onClick: () => void undoAll() } });
        } catch (error) {
          // All or nothing: the server's sentence names the plant that stopped them all.
          const message = handleApiError(error, `${plural(plants.length)} could not be marked as watered. Please try again.`);
          if (message) void toast.error(message);
        }
      });
    },
    [busyWhile, handleApiError],
  );

  return { water, undo, waterAll, isBusy };
}
