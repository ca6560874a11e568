import { Link } from 'react-router-dom';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { lightKey } from '@/lib/light';
import { notSet } from '@/lib/text';
import type { LightFit, PlacedFields, PlaceLight } from '../types';

/** What the plant's page knows of its species: its most used common name and the light it wants. */
export interface SpeciesLight {
  name: string;
  light: PlaceLight;
}

/*
 * The sentences name the light levels in selects (lib/light.ts: lightKey), so each language says
 * them with its own words, articles and order; `article` is English's "a" or "an" before the
 * species' name, which other languages leave aside.
 */
const messages = defineMessages({
  place: { id: 'places.plantPlace.place', message: 'Place:' },
  forIt: {
    id: 'places.lightFit.forIt',
    message: '{fit, select, tooDark {Too dark here for it.} other {Too bright here for it.}}',
  },
  forSpecies: {
    id: 'places.lightFit.forSpecies',
    message:
      '{fit, select, tooDark {Too dark here} other {Too bright here}} for {article, select, an {an {species}} other {a {species}}}: it wants {wants, select, low {low light} medium {medium light} brightIndirect {bright, indirect light} other {full sun}}.',
  },
  forSpeciesInPlace: {
    id: 'places.lightFit.forSpeciesInPlace',
    message:
      '{fit, select, tooDark {Too dark here} other {Too bright here}} for {article, select, an {an {species}} other {a {species}}}: it wants {wants, select, low {low light} medium {medium light} brightIndirect {bright, indirect light} other {full sun}}, and {place} gets {gets, select, low {low light} medium {medium light} brightIndirect {bright, indirect light} other {full sun}}.',
  },
  moveIt: { id: 'places.plantPlace.moveIt', message: 'Move it' },
});

/** English's indefinite article before a name, by its first letter. */
const articleBefore = (name: string) => (/^[aeiou]/i.test(name) ? 'an' : 'a');

/**
 * Where a plant stands ("Place: Bedroom"), on its page, for those who see its owner's view; and when
 * the place's light does not suit its species, a sentence saying so with "Move it" (`moveTo`, its
 * update page, for those who may edit it): "Too dark here for a Fiddle-leaf fig: it wants bright,
 * indirect light, and Bedroom gets low light." (how far off, in words).
 */
export function PlantPlace({
  place,
  lightFit,
  species,
  moveTo,
}: PlacedFields & { species: SpeciesLight | null; moveTo: { pathname: string; from: string } | null }) {
  const t = useT();
  const warning = lightFitSentence(t, lightFit, species, place);
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3 ring-1 ring-slate-200 dark:bg-slate-800/60 dark:ring-slate-700">
      <p className="text-slate-900 dark:text-white">
        <span className="font-medium text-slate-700 dark:text-slate-300">{t(messages.place)}</span>{' '}
        <span className="font-semibold break-words">{place?.name ?? notSet()}</span>
      </p>
      {warning && (
        <p className="mt-1 text-sm font-medium text-amber-900 dark:text-amber-100">
          {warning}{' '}
          {moveTo && (
            <Link
              to={moveTo.pathname}
              state={{ from: moveTo.from }}
              className="font-semibold text-leaf-800 underline hover:text-leaf-900 dark:text-leaf-50"
            >
              {t(messages.moveIt)}
            </Link>
          )}
        </p>
      )}
    </div>
  );
}

/** The sentence for a light that does not suit the plant's species; null when it suits it, or nobody knows. */
function lightFitSentence(
  t: ReturnType<typeof useT>,
  fit: LightFit | null | undefined,
  species: SpeciesLight | null,
  place: PlacedFields['place'],
): string | null {
  if (fit !== 'too-dark' && fit !== 'too-bright') return null;
  const values = { fit: fit === 'too-dark' ? 'tooDark' : 'tooBright' };
  if (!species) return t(messages.forIt, values);
  const about = {
    ...values,
    species: species.name,
    article: articleBefore(species.name),
    wants: lightKey(species.light),
  };
  return place
    ? t(messages.forSpeciesInPlace, { ...about, place: place.name, gets: lightKey(place.light) })
    : t(messages.forSpecies, about);
}
