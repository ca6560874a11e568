import type { Plant } from '@model';
import { Badge } from '@/components/ui/badge';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

type PetFlags = Pick<Plant, 'speciesId' | 'toxicToCats' | 'toxicToDogs'>;

/** Whether a species harms a cat and a dog, as the catalogue says: null (or absent) where it does not know. */
export interface PetToxicity {
  toxicToCats?: boolean | null;
  toxicToDogs?: boolean | null;
}

/** The pets a sentence is about: cats, dogs, or (`other`) cats and dogs. */
type Pets = 'cats' | 'dogs' | 'both';

const messages = defineMessages({
  toxic: {
    id: 'ui.pets.toxic',
    message: '{pets, select, cats {Toxic to cats} dogs {Toxic to dogs} other {Toxic to cats and dogs}}',
  },
  safe: {
    id: 'ui.pets.safe',
    message: '{pets, select, cats {Safe for cats} dogs {Safe for dogs} other {Safe for cats and dogs}}',
  },
  // What the catalogue's "not known" means for a person: the same words wherever pet safety shows.
  notKnown: {
    id: 'ui.pets.notKnown',
    message:
      '{pets, select, cats {Not known for cats: treat as possibly harmful} dogs {Not known for dogs: treat as possibly harmful} other {Not known for cats and dogs: treat as possibly harmful}}',
  },
});

/** The pets the catalogue says `value` of: cats, dogs, both, or none (null). */
function petsSaying({ toxicToCats, toxicToDogs }: PetToxicity, value: boolean | null): Pets | null {
  const cats = (toxicToCats ?? null) === value;
  const dogs = (toxicToDogs ?? null) === value;
  if (cats && dogs) return 'both';
  return cats ? 'cats' : dogs ? 'dogs' : null;
}

/**
 * What the catalogue says about cats and dogs, in sentences grouped by what it says, in the app's
 * language: "Toxic to cats.", "Safe for cats and dogs.", "Toxic to dogs. Not known for cats: treat
 * as possibly harmful."
 */
export function petSafetySentences(pets: PetToxicity): string[] {
  const said = [
    [messages.toxic, petsSaying(pets, true)],
    [messages.safe, petsSaying(pets, false)],
    [messages.notKnown, petsSaying(pets, null)],
  ] as const;
  return said.flatMap(([message, about]) => (about ? [`${translate(message, { pets: about })}.`] : []));
}

/**
 * A plant's word on pets, from its species: "Toxic to cats" and "Toxic to dogs" (red), "Safe for
 * cats and dogs" (green) only when the catalogue says so for both, and "Not known for dogs: treat as
 * possibly harmful" (amber) for what it does not know. Nothing for a plant without a species, which
 * is never called safe.
 */
export function PetSafetyBadge({ plant }: { plant: PetFlags }) {
  const t = useT();
  if (!plant.speciesId) return null;
  if (plant.toxicToCats === false && plant.toxicToDogs === false)
    return <Badge tone="green">{t(messages.safe, { pets: 'both' })}</Badge>;
  const unknown = petsSaying(plant, null);
  return (
    <>
      {plant.toxicToCats === true && <Badge tone="red">{t(messages.toxic, { pets: 'cats' })}</Badge>}
      {plant.toxicToDogs === true && <Badge tone="red">{t(messages.toxic, { pets: 'dogs' })}</Badge>}
      {unknown && <Badge tone="yellow">{t(messages.notKnown, { pets: unknown })}</Badge>}
    </>
  );
}
