import type { Plant } from '@model';
import { localToday } from '@model/schedule';
import { useCallback, useEffect, useRef, useState } from 'react';
import { undoWatering } from '@/features/plants/api/undo-watering';
import { waterPlant } from '@/features/plants/api/water-plant';
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
  /** Waters several plants at once; one summary toast with an Undo for all of them. */
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
      if (await queuedOffline(plants, date).catch(() => false)) {
        mark(ids, false);
        return;
      }
      const results = await Promise.allSettled(plants.map((plant) => waterPlant(plant._id, date)));
      mark(ids, false);
      const watered: Pick<Plant, '_id' | 'plantName'>[] = [];
      const failed: { plant: Pick<Plant, '_id' | 'plantName'>; error: unknown }[] = [];
      results.forEach((result, i) => {
        const plant = plants[i]!;
        if (result.status === 'fulfilled') {
          onChangeRef.current(result.value);
          watered.push(plant);
        } else {
          failed.push({ plant, error: result.reason });
        }
      });
      if (watered.length) {
        void toast.success(`Watered ${plural(watered.length)}`, {
          action: {
            label: 'Undo',
            onClick: () => {
              void Promise.allSettled(watered.map((plant) => undoWatering(plant._id))).then((undone) => {
                const restored = undone.filter((result) => result.status === 'fulfilled').map((result) => result.value);
                for (const plant of restored) onChangeRef.current(plant);
                if (restored.length === watered.length) void toast.info(`Watering of ${plural(restored.length)} undone`);
                else void toast.error(`Only ${restored.length} of ${plural(watered.length)} could be set back. Please check them.`);
              });
            },
          },
        });
      }
      if (failed.length) {
        const first = failed[0]!;
        const reason = handleApiError(first.error, 'Please try again.');
        if (reason !== null) {
          const names = failed.map(({ plant }) => plant.plantName).join(', ');
          void toast.error(`${failed.length === 1 ? `${names} was` : `${failed.length} plants (${names}) were`} not marked as watered: ${reason}`);
        }
      }
    },
    [handleApiError, mark],
  );

  const isBusy = useCallback((id: string) => busy.has(id), [busy]);
  return { water, undo, waterAll, isBusy };
}
