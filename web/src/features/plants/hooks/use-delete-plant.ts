import type { Plant } from '@model';
import { useCallback, useEffect, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { alertDialog, confirmDialog, preloadDialogs } from '@/lib/dialogs';
import { useApiError } from '@/lib/use-api-error';
import { deletePlant } from '../api/delete-plant';

export interface UseDeletePlantOptions {
  /** Runs after the server confirmed the delete: drop the plant from the list on screen. */
  onDeleted?: (id: string) => void;
  /** Runs with the sentence when a delete failed (the hook also keeps it in `error`). */
  onError?: (message: string) => void;
  /**
   * Show a failure in an 'Error!' dialog (default true): the user just answered a dialog, and a
   * banner at the top of a long list could be out of sight.
   */
  errorDialog?: boolean;
  /** The cancel button's label; All Items says 'No, cancel!'. */
  cancelText?: string;
}

export interface DeletePlantFlow {
  /** Asks 'Are you sure?', deletes, says 'Deleted!'. Resolves true when the plant is gone. */
  remove: (plant: Pick<Plant, '_id' | 'plantName'>) => Promise<boolean>;
  /** The plant being deleted right now, to disable its button. */
  deletingId: string | null;
  /** The last failure's sentence, or null. */
  error: string | null;
  clearError: () => void;
}

/**
 * The one delete flow of every plant list (My Plants, and the dashboard's lists): the
 * confirmation of SPEC.md section 7, the request with the owner's token, 'Deleted!' when
 * deletedCount > 0, and a sentence for every failure (a 401 goes to /login).
 */
export function useDeletePlant({ onDeleted, onError, cancelText, errorDialog = true }: UseDeletePlantOptions = {}): DeletePlantFlow {
  const handleApiError = useApiError();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(preloadDialogs, []);

  const fail = useCallback(
    async (message: string) => {
      setError(message);
      onError?.(message);
      if (errorDialog) await alertDialog({ icon: 'error', title: 'Error!', text: message }).catch(() => undefined);
    },
    [errorDialog, onError],
  );

  const remove = useCallback(
    async (plant: Pick<Plant, '_id' | 'plantName'>) => {
      setError(null);
      const confirmed = await confirmDialog({
        title: 'Are you sure?',
        text: "You won't be able to revert this!",
        confirmText: 'Yes, delete it!',
        cancelText,
        danger: true,
      });
      if (!confirmed) return false;
      setDeletingId(plant._id);
      try {
        const { deletedCount } = await deletePlant(plant._id);
        if (!(deletedCount > 0)) {
          await fail(`${plant.plantName} was not deleted. Please reload the page and try again.`);
          return false;
        }
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 404) {
          // Already gone (deleted in another tab): what the user wanted is true, so the list follows.
          onDeleted?.(plant._id);
          await alertDialog({ icon: 'info', title: 'Already deleted', text: `${plant.plantName} had already been deleted.` }).catch(() => undefined);
          return true;
        }
        const message = handleApiError(caught, `${plant.plantName} could not be deleted. Please try again.`);
        if (message) await fail(message);
        return false;
      } finally {
        setDeletingId(null);
      }
      onDeleted?.(plant._id);
      await alertDialog({ icon: 'success', title: 'Deleted!', text: 'Plant has been deleted.' }).catch(() => undefined);
      return true;
    },
    [cancelText, fail, handleApiError, onDeleted],
  );

  return { remove, deletingId, error, clearError: useCallback(() => setError(null), []) };
}
