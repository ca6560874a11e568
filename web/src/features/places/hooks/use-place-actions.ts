import { useCallback, useState } from 'react';
import { confirmDialog } from '@/lib/dialogs';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed } from '@/lib/server-changes';
import { toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';
import { createPlace } from '../api/create-place';
import { deletePlace } from '../api/delete-place';
import { PLACES_PATH } from '../api/list-places';
import { updatePlace } from '../api/update-place';
import type { SavedPlace } from '../components/place-form';
import { placeFailure } from '../lib/place-errors';
import type { Place } from '../types';

const messages = defineMessages({
  made: { id: 'places.actions.made', message: "{name} is ready: choose it in a plant's form." },
  makeFailed: { id: 'places.actions.makeFailed', message: 'The place could not be made. Please try again.' },
  saved: { id: 'places.actions.saved', message: '{name} is saved.' },
  renamed: { id: 'places.actions.renamed', message: '{old} is now {name}.' },
  saveFailed: { id: 'places.actions.saveFailed', message: 'The place could not be saved. Please try again.' },
  deleteTitle: { id: 'places.actions.deleteTitle', message: 'Delete {name}?' },
  /** What deleting a place does to the plants in it: "Its 3 plants will be unplaced." */
  deleteText: {
    id: 'places.actions.deleteText',
    message:
      '{count, plural, =0 {No plant stands in it.} one {Its # plant will be unplaced.} other {Its # plants will be unplaced.}}',
  },
  deleteConfirm: { id: 'places.actions.deleteConfirm', message: 'Yes, delete it' },
  deleted: { id: 'places.actions.deleted', message: '{name} is deleted.' },
  deletedUnplaced: {
    id: 'places.actions.deletedUnplaced',
    message: '{name} is deleted. {count, plural, one {# plant is unplaced.} other {# plants are unplaced.}}',
  },
  deleteFailed: { id: 'places.actions.deleteFailed', message: 'The place could not be deleted. Please try again.' },
});

/**
 * The Places page's changes: make, change and delete a place. Each says how it failed (the web's
 * own sentence per code: placeFailure), toasts when it succeeded, and reads again what it changed:
 * the places, and after a delete the whole page (its plants stand nowhere now).
 */
export function usePlaceActions() {
  const handleApiError = useApiError();
  const [failure, setFailure] = useState<string | null>(null);
  const [deletingId, setDeletingId] = useState<string | null>(null);
  const say = useCallback(
    (error: unknown, action: Parameters<typeof placeFailure>[1], name: string, fallback: string) =>
      placeFailure(error, action, name) ?? handleApiError(error, fallback),
    [handleApiError],
  );

  const create = async ({ name, light, outdoor, shared }: SavedPlace): Promise<string | null> => {
    try {
      const made = await createPlace({ name, light, outdoor, ...(shared ? { shared } : {}) });
      void toast.success(translate(messages.made, { name: made.name }));
      await changed({ reread: [PLACES_PATH] });
      return null;
    } catch (error) {
      return say(error, 'make', name, translate(messages.makeFailed));
    }
  };

  const update = async (place: Place, { name, light, outdoor }: SavedPlace): Promise<string | null> => {
    try {
      await updatePlace(place.id, { name, light, outdoor });
      void toast.success(
        name === place.name
          ? translate(messages.saved, { name })
          : translate(messages.renamed, { old: place.name, name }),
      );
      await changed({ reread: [PLACES_PATH] });
      return null;
    } catch (error) {
      return say(error, 'change', name, translate(messages.saveFailed));
    }
  };

  const remove = async (place: Place): Promise<void> => {
    const confirmed = await confirmDialog({
      title: translate(messages.deleteTitle, { name: place.name }),
      text: translate(messages.deleteText, { count: place.plantCount }),
      confirmText: translate(messages.deleteConfirm),
      danger: true,
    });
    if (!confirmed) return;
    setFailure(null);
    setDeletingId(place.id);
    try {
      const { movedOut } = await deletePlace(place.id);
      void toast.success(
        movedOut > 0
          ? translate(messages.deletedUnplaced, { name: place.name, count: movedOut })
          : translate(messages.deleted, { name: place.name }),
      );
      await changed({ reread: 'page' });
    } catch (error) {
      setFailure(say(error, 'delete', place.name, translate(messages.deleteFailed)));
    } finally {
      setDeletingId(null);
    }
  };

  return { create, update, remove, deletingId, failure, setFailure, say };
}
