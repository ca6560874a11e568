import type { Plant } from '@model';
import { useCallback, useEffect, useState } from 'react';
import { useApiError } from '@/lib/use-api-error';
import { listMyPlants } from '../api/list-my-plants';

export interface MyPlantsState {
  status: 'loading' | 'error' | 'ready';
  plants: Plant[];
  error: string | null;
}

/**
 * The signed-in user's plants (GET /mango?email=, with the token), with a retry and ways to drop
 * a deleted plant and to take in a changed one without fetching again. A 401 goes to /login; other failures are a sentence.
 */
export function useMyPlants(email: string | null | undefined) {
  const handleApiError = useApiError();
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<MyPlantsState>({ status: 'loading', plants: [], error: null });

  useEffect(() => {
    if (!email) return;
    const controller = new AbortController();
    listMyPlants(email, controller.signal).then(
      (plants) => setState({ status: 'ready', plants, error: null }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        const message = handleApiError(error, 'Your plants could not be loaded. Please try again.');
        if (message) setState({ status: 'error', plants: [], error: message });
      },
    );
    return () => controller.abort();
  }, [email, attempt, handleApiError]);

  const retry = useCallback(() => {
    setState({ status: 'loading', plants: [], error: null });
    setAttempt((n) => n + 1);
  }, []);

  const removePlant = useCallback((id: string) => {
    setState((current) => ({ ...current, plants: current.plants.filter((plant) => plant._id !== id) }));
  }, []);

  /** Puts the server's newer copy of a plant (after a watering, say) in place of the old one. */
  const replacePlant = useCallback((updated: Plant) => {
    setState((current) => ({ ...current, plants: current.plants.map((plant) => (plant._id === updated._id ? updated : plant)) }));
  }, []);

  if (!email) return { status: 'error', plants: [], error: 'Your account has no email address, so it has no plant list.', retry, removePlant, replacePlant } as const;
  return { ...state, retry, removePlant, replacePlant };
}
