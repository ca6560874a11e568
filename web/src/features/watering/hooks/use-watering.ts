import type { Plant } from '@model';
import { localToday } from '@model/schedule';
import { useCallback, useEffect, useRef, useState } from 'react';
import { undoWatering } from '@/features/plants/api/undo-watering';
import { waterPlant } from '@/features/plants/api/water-plant';
import { undoWaterings, waterPlants } from '@/features/plants/api/water-plants';
import { getAuthState } from '@/lib/auth';
import { preloadToasts, toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';
import { queueWatering } from '../lib/offline-waterings';

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
 * Offline, a watering is kept to send when the network is back (offline-waterings.ts); resolves
 * false when the browser is online (or nobody is signed in) and the request should go now.
 */
async function queuedOffline(plants: readonly Pick<Plant, '_id' | 'plantName'>[], date: string): Promise<boolean> {
  if (navigator.onLine) return false;
  const user = getAuthState().user;
  if (!user) return false;
  for (const plant of plants) await queueWatering({ uid: user.uid, plantId: plant._id, plantName: plant.plantName, date });
  const what = plants.length === 1 ? plants[0]!.plantName : plural(plants.length);
  void toast.info(`You are offline: ${what} will be marked as watered when you are back online.`);
  return true;
}

/**
 * The one watering flow of every screen with a Watered button: the request with the owner's
 * token, the new dates handed to the screen, a toast with Undo, and a sentence for every failure
 * (a 401 goes to /login).
 */
export function useWatering({ onChange }: UseWateringOptions): WateringFlow {
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

  const undo = useCallback(
    async (plant: Pick<Plant, '_id' | 'plantName'>): Promise<Plant | null> => {
      mark([plant._id], true);
      try {
        const restored = await undoWatering(plant._id);
        onChangeRef.current(restored);
        void toast.info(`Watering of ${plant.plantName} undone`);
        return restored;
      } catch (error) {
        const message = handleApiError(error, `The watering of ${plant.plantName} could not be undone. Please try again.`);
        if (message) void toast.error(message);
        return null;
      } finally {
        mark([plant._id], false);
      }
    },
    [handleApiError, mark],
  );

  const water = useCallback(
    async (plant: Pick<Plant, '_id' | 'plantName'>, date: string = localToday()): Promise<Plant | null> => {
      mark([plant._id], true);
      try {
        if (await queuedOffline([plant], date)) return null;
        const updated = await waterPlant(plant._id, date);
        onChangeRef.current(updated);
        void toast.success(`Watered ${plant.plantName}`, { action: { label: 'Undo', onClick: () => void undo(plant) } });
        return updated;
      } catch (error) {
        const message = handleApiError(error, `${plant.plantName} could not be marked as watered. Please try again.`);
        if (message) void toast.error(message);
        return null;
      } finally {
        mark([plant._id], false);
      }
    },
    [handleApiError, mark, undo],
  );

  const waterAll = useCallback(
    async (plants: readonly Pick<Plant, '_id' | 'plantName'>[]) => {
      const date = localToday();
      const ids = plants.map((plant) => plant._id);
      mark(ids, true);
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
      } finally {
        mark(ids, false);
      }
    },
    [handleApiError, mark],
  );

  const isBusy = useCallback((id: string) => busy.has(id), [busy]);
  return { water, undo, waterAll, isBusy };
}
