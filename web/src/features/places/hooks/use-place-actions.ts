import { useCallback, useState } from 'react';
import { confirmDialog } from '@/lib/dialogs';
import { changed } from '@/lib/server-changes';
import { formatCount } from '@/lib/text';
import { toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';
import { createPlace } from '../api/create-place';
import { deletePlace } from '../api/delete-place';
import { PLACES_PATH } from '../api/list-places';
import { updatePlace } from '../api/update-place';
import type { SavedPlace } from '../components/place-form';
import { placeFailure } from '../lib/place-errors';
import type { Place } from '../types';

/** "Its 3 plants will be unplaced.": what deleting a place does to the plants in it. */
function unplacedSentence(count: number): string {
  if (count === 0) return 'No plant stands in it.';
  return `Its ${formatCount(count)} ${count === 1 ? 'plant' : 'plants'} will be unplaced.`;
}

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
      void toast.success(`${made.name} is ready: choose it in a plant's form.`);
      await changed({ reread: [PLACES_PATH] });
      return null;
    } catch (error) {
      return say(error, 'make', name, 'The place could not be made. Please try again.');
    }
  };

  const update = async (place: Place, { name, light, outdoor }: SavedPlace): Promise<string | null> => {
    try {
      await updatePlace(place.id, { name, light, outdoor });
      void toast.success(name === place.name ? `${name} is saved.` : `${place.name} is now ${name}.`);
      await changed({ reread: [PLACES_PATH] });
      return null;
    } catch (error) {
      return say(error, 'change', name, 'The place could not be saved. Please try again.');
    }
  };

  const remove = async (place: Place): Promise<void> => {
    const confirmed = await confirmDialog({
      title: `Delete ${place.name}?`,
      text: unplacedSentence(place.plantCount),
      confirmText: 'Yes, delete it',
      danger: true,
    });
    if (!confirmed) return;
    setFailure(null);
    setDeletingId(place.id);
    try {
      const { movedOut } = await deletePlace(place.id);
      const unplaced =
        movedOut > 0 ? ` ${formatCount(movedOut)} ${movedOut === 1 ? 'plant is' : 'plants are'} unplaced.` : '';
      void toast.success(`${place.name} is deleted.${unplaced}`);
      await changed({ reread: 'page' });
    } catch (error) {
      setFailure(say(error, 'delete', place.name, 'The place could not be deleted. Please try again.'));
    } finally {
      setDeletingId(null);
    }
  };

  return { create, update, remove, deletingId, failure, setFailure, say };
}
