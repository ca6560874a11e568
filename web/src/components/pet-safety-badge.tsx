import type { Plant } from '@model';
import { Badge } from '@/components/ui/badge';

type PetFlags = Pick<Plant, 'speciesId' | 'toxicToCats' | 'toxicToDogs'>;

/** Whether a species harms a cat and a dog, as the catalogue says: null (or absent) where it does not know. */
export interface PetToxicity {
  toxicToCats?: boolean | null;
  toxicToDogs?: boolean | null;
}

/** The pets the catalogue says `value` of: "cats", "dogs", "cats and dogs" or "". */
function petsSaying({ toxicToCats, toxicToDogs }: PetToxicity, value: boolean | null): string {
  const pets = [
    ['cats', toxicToCats],
    ['dogs', toxicToDogs],
  ] as const;
  return pets
    .filter(([, toxic]) => (toxic ?? null) === value)
    .map(([pet]) => pet)
    .join(' and ');
}

/** What the catalogue's "not known" means for a person: the same words wherever pet safety shows. */
const notKnown = (pets: string) => `Not known for ${pets}: treat as possibly harmful`;

/**
 * What the catalogue says about cats and dogs, in sentences grouped by what it says: "Toxic to
 * cats.", "Safe for cats and dogs.", "Toxic to dogs. Not known for cats: treat as possibly harmful."
 */
export function petSafetySentences(pets: PetToxicity): string[] {
  const toxic = petsSaying(pets, true);
  const safe = petsSaying(pets, false);
  const unknown = petsSaying(pets, null);
  return [toxic && `Toxic to ${toxic}.`, safe && `Safe for ${safe}.`, unknown && `${notKnown(unknown)}.`].filter(
    (sentence) => sentence !== '',
  );
}

/**
 * A plant's word on pets, from its species: "Toxic to cats" and "Toxic to dogs" (red), "Safe for
 * cats and dogs" (green) only when the catalogue says so for both, and "Not known for dogs: treat as
 * possibly harmful" (amber) for what it does not know. Nothing for a plant without a species, which
 * is never called safe.
 */
export function PetSafetyBadge({ plant }: { plant: PetFlags }) {
  if (!plant.speciesId) return null;
  if (plant.toxicToCats === false && plant.toxicToDogs === false)
    return <Badge tone="green">Safe for cats and dogs</Badge>;
  const unknown = petsSaying(plant, null);
  return (
    <>
      {plant.toxicToCats === true && <Badge tone="red">Toxic to cats</Badge>}
      {plant.toxicToDogs === true && <Badge tone="red">Toxic to dogs</Badge>}
      {unknown && <Badge tone="yellow">{notKnown(unknown)}</Badge>}
    </>
  );
}
