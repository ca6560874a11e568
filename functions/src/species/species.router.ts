import { Router } from 'express';
import { z } from 'zod';
import { HttpError } from '../lib/http-error';
import { sendWithEtag } from '../lib/http-cache';
import { reportReads } from '../lib/read-meter';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { LANGUAGE_CODES } from '../model/languages';
import { SPECIES_SEARCH, speciesAnswer } from '../model/species';
import type { SpeciesCatalogue } from './species.catalogue';

/**
 * The catalogue changes only with a deploy: browsers keep an answer for an hour and Hosting's CDN
 * for a day.
 */
export const SPECIES_CACHE = 'public, max-age=3600, s-maxage=86400';

const { minLength, maxLength, defaultLimit, maxLimit } = SPECIES_SEARCH;
const Q_MESSAGE = `q must be ${minLength} to ${maxLength} characters.`;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${maxLimit}.`;
const LANG_MESSAGE = `lang must be one of: ${LANGUAGE_CODES.join(', ')}.`;

/**
 * The reader's language, English without it. A query parameter rather than Accept-Language: the
 * answers are public and kept by the CDN by their URL, and a Vary on a header every browser words its
 * own way would keep a copy per wording.
 */
const lang = z.enum(LANGUAGE_CODES, { error: LANG_MESSAGE }).default('en');

/** Query of GET /mango/species: `q`, `limit` and `lang`, nothing else, so each answer has one URL. */
const SpeciesQuerySchema = z.strictObject(
  {
    q: z.string({ error: Q_MESSAGE }).trim().min(minLength, Q_MESSAGE).max(maxLength, Q_MESSAGE),
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(maxLimit, LIMIT_MESSAGE)
      .default(defaultLimit),
    lang,
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys'
        ? 'GET /mango/species takes only these parameters: q, limit, lang.'
        : undefined,
  },
);

/** Query of GET /mango/species/:id: `lang`; other parameters are ignored, as they always were. */
const SpeciesByIdQuerySchema = z.object({ lang });

/**
 * /mango/species: search the catalogue, and one species by id. Public, and the same for everyone who
 * reads the same language: each species answered with its `name` in `lang` and the language of its notes.
 */
export function createSpeciesRouter(catalogue: SpeciesCatalogue): Router {
  const router = Router();
  const send = (res: Parameters<typeof sendWithEtag>[0], body: unknown) => {
    reportReads(res);
    res.type('application/json');
    sendWithEtag(res, JSON.stringify(body), SPECIES_CACHE);
  };
  router
    .route('/')
    .get((req, res) => {
      const { q, limit, lang } = parseInput(SpeciesQuerySchema, req.query);
      send(res, { species: catalogue.search(q, limit, lang).map((species) => speciesAnswer(species, lang)) });
    })
    .all(methodNotAllowed('GET, HEAD'));
  router
    .route('/:id')
    .get((req, res) => {
      const { lang } = parseInput(SpeciesByIdQuerySchema, req.query);
      const species = catalogue.get(req.params.id);
      if (!species) throw new HttpError(404, 'not_found', 'There is no species with that id in the catalogue.');
      send(res, speciesAnswer(species, lang));
    })
    .all(methodNotAllowed('GET, HEAD'));
  return router;
}
