import type { Plant, UpdatePlantRequest } from '@model';
import { useState } from 'react';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';
import { updatePlant } from '../api/update-plant';
import { plantFailure } from '../lib/plant-errors';

const messages = defineMessages({
  followed: { id: 'plants.follow.done', message: "{name} follows its species' seasons again" },
  failed: {
    id: 'plants.follow.failed',
    message: 'The schedule of {name} could not be changed. Please try again.',
  },
  own: { id: 'plants.follow.own', message: 'The watering frequency is your own.' },
  follow: { id: 'plants.follow.button', message: "Follow the species' seasons" },
});

/**
 * For a plant with a species whose watering is its owner's own: to follow the species' seasons
 * again (PUT /mango/:id with the plant as it is and `wateringFollows: "species"`); `onFollowed`
 * reads again what the page shows of it.
 */
export function FollowSpecies({ plant, onFollowed }: { plant: Plant; onFollowed: () => Promise<void> }) {
  const t = useT();
  const handleApiError = useApiError();
  const [busy, setBusy] = useState(false);
  const follow = async () => {
    setBusy(true);
    try {
      await updatePlant(plant._id, {
        plantName: plant.plantName,
        // As stored: the server checks them as it does the form's.
        category: plant.category as UpdatePlantRequest['category'],
        careLevel: plant.careLevel as UpdatePlantRequest['careLevel'],
        healthStatus: plant.healthStatus,
        wateringFrequency: plant.wateringFrequency ?? '',
        lastWateredDate: plant.lastWateredDate ?? '',
        nextWateringDate: plant.nextWateringDate ?? '',
        description: plant.description,
        wateringFollows: 'species',
      });
      await onFollowed();
      void toast.success(translate(messages.followed, { name: plant.plantName }));
    } catch (error) {
      const message = plantFailure(error, handleApiError, translate(messages.failed, { name: plant.plantName }));
      if (message) void toast.error(message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700 dark:text-slate-300">
      <span>{t(messages.own)}</span>
      <button
        type="button"
        onClick={() => void follow()}
        disabled={busy}
        aria-busy={busy}
        className="rounded-lg px-3 py-1.5 font-semibold text-leaf-800 ring-1 ring-leaf-700 hover:bg-leaf-50 disabled:opacity-70 dark:text-leaf-200 dark:ring-leaf-500 dark:hover:bg-leaf-900/40"
      >
        {t(messages.follow)}
      </button>
    </p>
  );
}
