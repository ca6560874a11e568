import type { Species } from '@model/species';
import { useEffect, useState } from 'react';
import { getSpecies } from '../api/get-species';

export interface SpeciesChoice {
  /** The id to send: the species chosen, or null for none. */
  id: string | null;
  /** The chosen species, once known (the plant's own is loaded by its id). */
  species: Species | null;
  /** The plant's species while it loads, or after it failed to: shown by its id. */
  pending: { id: string; failed: boolean } | null;
  choose: (species: Species) => void;
  clear: () => void;
}

/**
 * The species a plant form has chosen, starting from the plant's (`initialId`, on Update), whose
 * names are loaded for the box to show. A failed load keeps the id: the plant keeps its species
 * unless the user clears it.
 */
export function useSpeciesChoice(initialId: string | undefined): SpeciesChoice {
  const [chosen, setChosen] = useState<{ id: string | null; species: Species | null }>({
    id: initialId ?? null,
    species: null,
  });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!initialId) return;
    const controller = new AbortController();
    getSpecies(initialId, controller.signal).then(
      (species) =>
        setChosen((current) => (current.id === initialId && !current.species ? { ...current, species } : current)),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [initialId]);

  const { id, species } = chosen;
  return {
    id,
    species,
    pending: id && !species ? { id, failed } : null,
    choose: (picked) => setChosen({ id: picked._id, species: picked }),
    clear: () => setChosen({ id: null, species: null }),
  };
}
