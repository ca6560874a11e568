import type { Plant } from '@model';
import { useCallback } from 'react';
import { useCareJobs } from '@/features/care/hooks/use-care-jobs';

export interface UseWateringOptions {
  /** Gets the plant as the server stored it after a watering or an undo: show its new dates at once. */
  onChange: (plant: Plant) => void;
}

export interface WateringFlow {
  /** Records a watering on `date` (default the user's today); toasts 'Watered <name>' with Undo. Resolves the updated plant, or null on failure. */
  water: (plant: Pick<Plant, '_id' | 'plantName'>, date?: string) => Promise<Plant | null>;
  /** Takes back the plant's latest watering. Resolves the restored plant, or null on failure. */
  undo: (plant: Pick<Plant, '_id' | 'plantName'>) => Promise<Plant | null>;
  /** Whether a request for this plant is under way (its Watered button is disabled). */
  isBusy: (id: string) => boolean;
}

/** The watering flow of every screen with a Watered button: the care jobs' flow (useCareJobs) for `water`. */
export function useWatering({ onChange }: UseWateringOptions): WateringFlow {
  const { doJob, undo: undoJob, isBusy } = useCareJobs({ onChange });
  const water = useCallback(
    (plant: Pick<Plant, '_id' | 'plantName'>, date?: string) => doJob(plant, 'water', date),
    [doJob],
  );
  const undo = useCallback((plant: Pick<Plant, '_id' | 'plantName'>) => undoJob(plant, 'water'), [undoJob]);
  return { water, undo, isBusy };
}
