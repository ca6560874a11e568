/**
 * Light: the four levels the species catalogue gives each species (docs/species.md) and a place is
 * said to get (docs/places.md), and the one rule of whether a place's light suits a species. Pure:
 * the API and the web app read it the same way.
 */

/** From the least light to the most: the rule below reads their order. */
export const LIGHT_LEVELS = ['low', 'medium', 'bright-indirect', 'full-sun'] as const;
export type LightLevel = (typeof LIGHT_LEVELS)[number];

/** What a place's light says for a plant: it suits it, it is too dark, or it is too bright. */
export const LIGHT_FITS = ['ok', 'too-dark', 'too-bright'] as const;
export type LightFit = (typeof LIGHT_FITS)[number];

/** The light an outdoor place gets when nobody has said: full sun, the open sky's. */
export const OUTDOOR_LIGHT: LightLevel = 'full-sun';

/** A place as the rule reads it: the light it is said to get (if any) and whether it is outdoors. */
export interface LitPlace {
  light?: LightLevel | null;
  outdoor?: boolean;
}

const rank = (light: LightLevel) => LIGHT_LEVELS.indexOf(light);

/**
 * The light a place gets: the light it is said to get; an outdoor place of which nothing is said,
 * full sun; else not known (null). What a person says wins outdoors too: a bed in a wall's shade
 * is as shaded as they say, and a fern there is not "too bright".
 */
export function effectiveLight(place: LitPlace): LightLevel | null {
  return place.light ?? (place.outdoor ? OUTDOOR_LIGHT : null);
}

/**
 * Whether a place's light suits a species that needs `needs` (the catalogue's `light`):
 * - below what the species needs is "too-dark": one level below already (it grows, leggy and slow,
 *   and stops flowering), two or more certainly (it declines);
 * - full sun for a species that wants low or medium light is "too-bright" (its leaves scorch);
 * - everything else is "ok": more light than a species needs short of that, down to exactly what it
 *   needs (a bright-indirect plant in full sun, a low-light one in bright indirect light).
 * null when either is not known: no species, or no place.
 */
export function lightFit(needs: LightLevel | null | undefined, place: LitPlace | null | undefined): LightFit | null {
  if (!needs || !place) return null;
  const gets = effectiveLight(place);
  if (!gets) return null;
  if (rank(gets) < rank(needs)) return 'too-dark';
  if (gets === 'full-sun' && rank(needs) <= rank('medium')) return 'too-bright';
  return 'ok';
}
