import type { Plant } from '@model';
import { useCallback, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { deletePlant } from '@/features/plants/api/delete-plant';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { alertDialog, confirmDialog } from '@/lib/dialogs';

export const DELETE_CONFIRMATION = {
  title: 'Are you sure?',
  text: "You won't be able to revert this!",
  confirmText: 'Yes, delete it!',
  cancelText: 'No, cancel!',
  danger: true,
} as const;

/** 'Failed to delete item: {server text}' (SPEC.md section 8); the server's sentence says why. */
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
 * The dashboard's delete: 'Are you sure?' first, then DELETE /mango/:id with the user's token,
 * then 'Deleted!'. Without a user (or with a sign-in the server no longer accepts) it says
 * 'Authentication Required' and goes to /login, remembering this page. Returns the delete action
 * and the id being deleted, for a busy button.
 */
export function useDeleteItem({ onGone, onFailure }: DeleteItemOptions) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [deletingId, setDeletingId] = useState<string | null>(null);

  const requireSignIn = useCallback(async () => {
    await alertDialog({ icon: 'warning', title: 'Authentication Required', text: 'You must be logged in to delete an item.' });
    navigate(paths.login, { state: { from: location } });
  }, [navigate, location]);

  const deleteItem = useCallback(
    async (plant: Pick<Plant, '_id' | 'plantName'>) => {
      if (!user) {
        await requireSignIn();
        return;
      }
      if (!(await confirmDialog(DELETE_CONFIRMATION))) return;
      setDeletingId(plant._id);
      try {
        await deletePlant(plant._id);
        onGone(plant._id);
        await alertDialog({ icon: 'success', title: 'Deleted!', text: 'Plant has been deleted.' });
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          await requireSignIn();
          return;
        }
        if (error instanceof ApiError && error.status === 404) onGone(plant._id);
        await onFailure(deleteFailureMessage(error), error);
      } finally {
        setDeletingId(null);
      }
    },
    [user, requireSignIn, onGone, onFailure],
  );

  return { deleteItem, deletingId };
}
