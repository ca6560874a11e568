import type { Plant } from '@model';
import { addDays } from '@model/schedule';
import { useCallback, useEffect, useRef, useState } from 'react';
import { listPlantPagesWhile, plantPagePath, type PlantPageParams } from '@/features/plants/api/list-plant-page';
import { useAnswerRevision } from '@/lib/answer-updates';
import { errorMessage } from '@/lib/use-api-error';

export interface DuePlantsState {
  status: 'loading' | 'error' | 'ready';
  /** The user's plants due on or before the last day asked for (and a few after it), soonest first. */
  plants: Plant[];
  error: string | null;
}

const FALLBACK = 'Your plants could not be loaded. Please try again.';

/** The user's plants, soonest watering first: the pages read from the first on. */
const dueOrder = (email: string): PlantPageParams => ({ email, sort: 'nextWateringDate', dir: 'asc', limit: 100 });

/**
 * The signed-in user's plants by next watering date, soonest first, asked for a page at a time
 * only as far as `days` days after `today`: the Today page and the home reminder read the plants
 * that are due, not the whole list. `onError` turns a failure into its sentence (null: handled).
 */
export function useDuePlants(
  email: string | null | undefined,
  today: string,
  days: number,
  onError: (error: unknown, fallback: string) => string | null = errorMessage,
) {
  const [state, setState] = useState<DuePlantsState>({ status: 'loading', plants: [], error: null });
  const lastDay = addDays(today, days);
  const describe = useRef(onError);
  useEffect(() => {
    describe.current = onError;
  });

  // A newer copy of the first page (changed on another device) is read again; its failure leaves
  // the plants shown as they were.
  const { revision, takeRefresh } = useAnswerRevision(email ? plantPagePath(dueOrder(email)) : null);

  useEffect(() => {
    if (!email) return;
    const refresh = takeRefresh();
    const controller = new AbortController();
    listPlantPagesWhile(dueOrder(email), (last) => Boolean(last.nextWateringDate && last.nextWateringDate <= lastDay), controller.signal).then(
      (plants) => setState({ status: 'ready', plants, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted || refresh) return;
        const message = describe.current(error, FALLBACK);
        if (message !== null) setState({ status: 'error', plants: [], error: message });
      },
    );
    return () => controller.abort();
  }, [email, lastDay, revision, takeRefresh]);

  /** Puts the server's newer copy of a plant (after a watering, say) in place of the old one. */
  const replacePlant = useCallback((updated: Plant) => {
    setState((current) => ({ ...current, plants: current.plants.map((plant) => (plant._id === updated._id ? updated : plant)) }));
  }, []);

  if (!email) return { status: 'error', plants: [], error: 'Your account has no email address, so it has no plant list.', replacePlant } as const;
  return { ...state, replacePlant };
}
