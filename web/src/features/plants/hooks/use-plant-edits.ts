import type { Plant } from '@model';
import { useCallback, useMemo, useState } from 'react';

const NONE: ReadonlyMap<string, Plant | null> = new Map();

export interface PlantEdits {
  /** The loaded plants with the changes made here laid over them (a removed plant left out). */
  apply: (plants: readonly Plant[]) => Plant[];
  /** How many of the loaded plants were removed here. */
  removed: number;
  /** Puts the server's newer copy of a plant (after a watering, say) in place of the loaded one. */
  replacePlant: (plant: Plant) => void;
  /** Leaves a plant deleted here out. */
  removePlant: (id: string) => void;
}

/**
 * The changes a page made itself (a watering and its Undo answer the stored plant; a delete),
 * shown at once over what its loader answered, until the loader answers again (`base`, the loaded
 * answer, changes): the one way a view takes in its own changes without asking the server again.
 */
export function usePlantEdits(base: unknown): PlantEdits {
  const [edits, setEdits] = useState<{ base: unknown; plants: ReadonlyMap<string, Plant | null> }>({
    base,
    plants: NONE,
  });
  const current = edits.base === base ? edits.plants : NONE;
  const set = useCallback(
    (id: string, plant: Plant | null) =>
      setEdits((now) => ({ base, plants: new Map(now.base === base ? now.plants : NONE).set(id, plant) })),
    [base],
  );
  return useMemo(
    () => ({
      apply: (plants) =>
        plants.flatMap((plant) => {
          const edited = current.has(plant._id) ? current.get(plant._id) : plant;
          return edited ? [edited] : [];
        }),
      removed: [...current.values()].filter((plant) => plant === null).length,
      replacePlant: (plant) => set(plant._id, plant),
      removePlant: (id) => set(id, null),
    }),
    [current, set],
  );
}
