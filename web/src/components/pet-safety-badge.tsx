import type { Plant } from '@model';
import { Badge } from '@/components/ui/badge';

type PetFlags = Pick<Plant, 'speciesId' | 'toxicToCats' | 'toxicToDogs'>;

/** Whether a species harms a cat and a dog, as the catalogue says: null where it does not know. */
export interface PetToxicity {
  toxicToCats: boolean | null | undefined;
  toxicToDogs: boolean | null | undefined;
}

/**
 * What the catalogue says about cats and dogs, in sentences grouped by what it says: "Toxic to
 * cats.", "Safe for cats and dogs.", "Toxic to dogs. Not known whether it is safe for cats."
 */
export function petSafetySentences({ toxicToCats, toxicToDogs }: PetToxicity): string[] {
  const pets = [
    ['cats', toxicToCats],
    ['dogs', toxicToDogs],
  ] as const;
  const named = (value: boolean | null) =>
    pets
      .filter(([, toxic]) => (toxic ?? null) === value)
      .map(([pet]) => pet)
      .join(' and ');
  const toxic = named(true);
  const safe = named(false);
  const unknown = named(null);
  return [
    toxic && `Toxic to ${toxic}.`,
    safe && `Safe for ${safe}.`,
    unknown && `Not known whether it is safe for ${unknown}.`,
  ].filter((sentence) => sentence !== '');
}

/**
 * A plant's word on pets, from its species: "Toxic to cats" and "Toxic to dogs" (red), or "Safe
 * for cats and dogs" (green) only when the catalogue says so for both. Nothing when it does not
 * know, and nothing for a plant without a species, which is never called safe.
 */
export function PetSafetyBadge({ plant }: { plant: PetFlags }) {
  if (!plant.speciesId) return null;
  const { toxicToCats, toxicToDogs } = plant;
  if (toxicToCats === false && toxicToDogs === false) return <Badge tone="green">Safe for cats and dogs</Badge>;
  return (
    <>
      {toxicToCats === true && <Badge tone="red">Toxic to cats</Badge>}
      {toxicToDogs === true && <Badge tone="red">Toxic to dogs</Badge>}
    </>
  );
}
