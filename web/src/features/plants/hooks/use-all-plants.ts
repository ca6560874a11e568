import type { Plant } from '@model';
import { useCallback, useEffect, useState } from 'react';
import { errorMessage } from '@/lib/use-api-error';
import { listPlants } from '../api/list-plants';

export interface AllPlantsState {
  status: 'loading' | 'error' | 'ready';
  plants: Plant[];
  error: string | null;
}

/**
 * Every plant (GET /mango), for All Plants. SPEC.md section 8 only logs a failure and leaves the
 * list empty; here the user also gets the sentence and a retry, since an empty grid would
 * wrongly say there are no plants.
 *
 * `preloaded` is the request the route's loader started before the page rendered; a retry asks
 * again.
 */
export function useAllPlants(preloaded?: Promise<Plant[]>) {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<AllPlantsState>({ status: 'loading', plants: [], error: null });

  useEffect(() => {
    const controller = new AbortController();
    const request = attempt === 0 && preloaded ? preloaded : listPlants({ signal: controller.signal });
    request.then(
      (plants) => {
        if (!controller.signal.aborted) setState({ status: 'ready', plants, error: null });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Failed to fetch plants', error);
        setState({ status: 'error', plants: [], error: errorMessage(error, 'The plants could not be loaded. Please try again.') });
      },
    );
    return () => controller.abort();
  }, [attempt, preloaded]);

  const retry = useCallback(() => {
    setState({ status: 'loading', plants: [], error: null });
    setAttempt((n) => n + 1);
  }, []);

  return { ...state, retry };
}
