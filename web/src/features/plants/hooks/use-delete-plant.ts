import type { Plant } from '@model';
import { useCallback, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { alertDialog, confirmDialog, preloadDialogs } from '@/lib/dialogs';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import { useApiError } from '@/lib/use-api-error';
import { deletePlant } from '../api/delete-plant';
import { plantFailure, plantServerSentence } from '../lib/plant-errors';

const messages = defineMessages({
  somethingWrong: { id: 'plants.delete.somethingWrong', message: 'Something went wrong. Please try again.' },
  failedItem: { id: 'plants.delete.failedItem', message: 'Failed to delete item: {reason}' },
  noCancel: { id: 'plants.delete.noCancel', message: 'No, cancel!' },
  authRequired: { id: 'plants.delete.authRequired', message: 'Authentication Required' },
  mustLogIn: { id: 'plants.delete.mustLogIn', message: 'You must be logged in to delete an item.' },
  error: { id: 'plants.delete.error', message: 'Error!' },
  sure: { id: 'plants.delete.sure', message: 'Are you sure?' },
  noRevert: { id: 'plants.delete.noRevert', message: "You won't be able to revert this!" },
  yesDelete: { id: 'plants.delete.yesDelete', message: 'Yes, delete it!' },
  notDeleted: {
    id: 'plants.delete.notDeleted',
    message: '{name} was not deleted. Please reload the page and try again.',
  },
  alreadyDeleted: { id: 'plants.delete.alreadyDeleted', message: 'Already deleted' },
  alreadyDeletedText: { id: 'plants.delete.alreadyDeletedText', message: '{name} had already been deleted.' },
  couldNotDelete: { id: 'plants.delete.couldNotDelete', message: '{name} could not be deleted. Please try again.' },
  deleted: { id: 'plants.delete.deleted', message: 'Deleted!' },
  plantDeleted: { id: 'plants.delete.plantDeleted', message: 'Plant has been deleted.' },
});

/** 'Failed to delete item: {server text}'; the server's sentence says why. */
function deleteFailureMessage(error: unknown): string {
  const reason = error instanceof ApiError ? plantServerSentence(error) : translate(messages.somethingWrong);
  return translate(messages.failedItem, { reason });
}

interface DeleteDialogs {
  /** The cancel button's label (the dialog's own by default). */
  cancelText?: Message;
  /**
   * Show a failure in an 'Error!' dialog: the user just answered a dialog, and a banner at the top
   * of a long list could be out of sight.
   */
  errorDialog: boolean;
  /**
   * Without a user, or when the server no longer accepts the sign-in, say 'Authentication
   * Required' and go to /login (otherwise a 401 goes straight there).
   */
  authRequiredDialog: boolean;
  /** How a failure reads; by default the server's sentence (a 403 as the ownership rule). */
  failureMessage?: (error: unknown) => string;
}

/** How each place words the one flow: the plant pages, and the dashboard's All Items and My Items. */
const DIALOGS: Record<'plants' | 'dashboard', DeleteDialogs> = {
  plants: { errorDialog: true, authRequiredDialog: false },
  dashboard: {
    cancelText: messages.noCancel,
    errorDialog: false,
    authRequiredDialog: true,
    failureMessage: deleteFailureMessage,
  },
};

export interface UseDeletePlantOptions {
  /** Whose dialogs: the plant pages' (default) or the dashboard's, which leaves failures to the page. */
  dialogs?: keyof typeof DIALOGS;
  /** Runs once the plant is gone (deleted now, or already deleted elsewhere): drop it from the page. */
  onDeleted?: (id: string) => void;
  /** Runs with the failure's sentence (the hook also keeps it in `error`). */
  onError?: (message: string, error: unknown) => void | Promise<void>;
  /** Overrides the dialogs' choice of showing a failure in an 'Error!' dialog. */
  errorDialog?: boolean;
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
 * The one delete flow of every plant list (My Plants, All Items, My Items): 'Are you sure?' with
 * 'Yes, delete it!', the request with the owner's token, 'Deleted!' when deletedCount > 0, and a
 * sentence for every failure.
 */
export function useDeletePlant({
  dialogs = 'plants',
  onDeleted,
  onError,
  errorDialog = DIALOGS[dialogs].errorDialog,
}: UseDeletePlantOptions = {}): DeletePlantFlow {
  const { cancelText, authRequiredDialog, failureMessage } = DIALOGS[dialogs];
  const handleApiError = useApiError();
  const { user } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(preloadDialogs, []);

  const requireSignIn = useCallback(async () => {
    await alertDialog({
      icon: 'warning',
      title: translate(messages.authRequired),
      text: translate(messages.mustLogIn),
    }).catch(() => undefined);
    navigate(paths.login, { state: { from: location } });
  }, [navigate, location]);

  const fail = useCallback(
    async (message: string, caught: unknown) => {
      setError(message);
      await onError?.(message, caught);
      if (errorDialog)
        await alertDialog({ icon: 'error', title: translate(messages.error), text: message }).catch(() => undefined);
    },
    [errorDialog, onError],
  );

  const remove = useCallback(
    async (plant: Pick<Plant, '_id' | 'plantName'>) => {
      setError(null);
      if (authRequiredDialog && !user) {
        await requireSignIn();
        return false;
      }
      const confirmed = await confirmDialog({
        title: translate(messages.sure),
        text: translate(messages.noRevert),
        confirmText: translate(messages.yesDelete),
        cancelText: cancelText && translate(cancelText),
        danger: true,
      });
      if (!confirmed) return false;
      setDeletingId(plant._id);
      try {
        const { deletedCount } = await deletePlant(plant._id);
        if (!(deletedCount > 0)) {
          await fail(translate(messages.notDeleted, { name: plant.plantName }), undefined);
          return false;
        }
      } catch (caught) {
        if (caught instanceof ApiError && caught.status === 404) {
          // Already gone (deleted in another tab): what the user wanted is true, so the list follows.
          onDeleted?.(plant._id);
          await alertDialog({
            icon: 'info',
            title: translate(messages.alreadyDeleted),
            text: translate(messages.alreadyDeletedText, { name: plant.plantName }),
          }).catch(() => undefined);
          return true;
        }
        if (authRequiredDialog && caught instanceof ApiError && caught.status === 401) {
          await requireSignIn();
          return false;
        }
        const message = failureMessage
          ? failureMessage(caught)
          : plantFailure(caught, handleApiError, translate(messages.couldNotDelete, { name: plant.plantName }));
        if (message) await fail(message, caught);
        return false;
      } finally {
        setDeletingId(null);
      }
      onDeleted?.(plant._id);
      await alertDialog({
        icon: 'success',
        title: translate(messages.deleted),
        text: translate(messages.plantDeleted),
      }).catch(() => undefined);
      return true;
    },
    [authRequiredDialog, user, requireSignIn, cancelText, fail, failureMessage, handleApiError, onDeleted],
  );

  return { remove, deletingId, error, clearError: useCallback(() => setError(null), []) };
}
