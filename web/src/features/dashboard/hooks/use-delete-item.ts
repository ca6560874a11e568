import type { Plant } from '@model';
import { useDeletePlant } from '@/features/plants/hooks/use-delete-plant';
import { ApiError } from '@/lib/api-client';

/** 'Failed to delete item: {server text}'; the server's sentence says why. */
export function deleteFailureMessage(error: unknown): string {
  const reason = error instanceof ApiError ? error.message : 'Something went wrong. Please try again.';
  return `Failed to delete item: ${reason}`;
}

export interface DeleteItemOptions {
  /** The plant is gone (deleted now, or found already deleted): drop it from the page. */
  onGone: (id: string) => void;
  /** Anything else that went wrong, with the 'Failed to delete item: ...' sentence. */
  onFailure: (message: string, error: unknown) => void | Promise<void>;
}

/**
 * The dashboard's settings of the one delete flow: 'No, cancel!', 'Authentication Required'
 * without a user, and failures worded 'Failed to delete item: ...' for the page to show its way.
 */
export function useDeleteItem({ onGone, onFailure }: DeleteItemOptions): {
  deleteItem: (plant: Pick<Plant, '_id' | 'plantName'>) => Promise<boolean>;
  deletingId: string | null;
} {
  const { remove, deletingId } = useDeletePlant({
    onDeleted: onGone,
    onError: onFailure,
    cancelText: 'No, cancel!',
    errorDialog: false,
    authRequiredDialog: true,
    failureMessage: deleteFailureMessage,
  });
  return { deleteItem: remove, deletingId };
}
