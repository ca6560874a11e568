import { Link } from 'react-router-dom';
import { LIGHT_WORDS } from '@/lib/light';
import { notSet } from '@/lib/text';
import type { LightFit, PlacedFields, PlaceLight } from '../types';

/** What the plant's page knows of its species: its most used common name and the light it wants. */
export interface SpeciesLight {
  name: string;
  light: PlaceLight;
}

const withArticle = (name: string) => `${/^[aeiou]/i.test(name) ? 'an' : 'a'} ${name}`;

/**
 * "Too dark here for a Fiddle-leaf fig: it wants bright, indirect light, and Bedroom gets low light"
 * (how far off, in words); null when the light suits it, or nobody knows.
 */
function lightFitSentence(
  fit: LightFit | null | undefined,
  species: SpeciesLight | null,
  place: PlacedFields['place'],
): string | null {
  if (fit !== 'too-dark' && fit !== 'too-bright') return null;
  const here = fit === 'too-dark' ? 'Too dark here' : 'Too bright here';
  const gets = place ? `, and ${place.name} gets ${LIGHT_WORDS[place.light]}` : '';
  return species
    ? `${here} for ${withArticle(species.name)}: it wants ${LIGHT_WORDS[species.light]}${gets}`
    : `${here} for it`;
}

/**
 * Where a plant stands ("Place: Bedroom"), on its page, for those who see its owner's view; and when
 * the place's light does not suit its species, a sentence saying so with "Move it" (`moveTo`, its
 * update page, for those who may edit it).
 */
export function PlantPlace({
  place,
  lightFit,
  species,
  moveTo,
}: PlacedFields & { species: SpeciesLight | null; moveTo: { pathname: string; from: string } | null }) {
  const warning = lightFitSentence(lightFit, species, place);
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700">
      <p className="text-slate-900 dark:text-white">
        <span className="font-medium text-slate-700 dark:text-slate-300">Place:</span>{' '}
        <span className="font-semibold break-words">{place?.name ?? notSet()}</span>
      </p>
      {warning && (
        <p className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-100">
          {warning}.{' '}
          {moveTo && (
            <Link
              to={moveTo.pathname}
              state={{ from: moveTo.from }}
              className="font-semibold text-leaf-800 underline hover:text-leaf-900 dark:text-leaf-50"
            >
              Move it
            </Link>
          )}
        </p>
      )}
    </div>
  );
}
