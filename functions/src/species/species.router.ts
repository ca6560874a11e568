import { Router } from 'express';
import { z } from 'zod';
import { HttpError } from '../lib/http-error';
import { sendWithEtag } from '../lib/http-cache';
import { reportReads } from '../lib/read-meter';
import { methodNotAllowed } from '../middleware/method-not-allowed';
import { parseInput } from '../middleware/validate';
import { SPECIES_SEARCH } from '../model/species';
import type { SpeciesCatalogue } from './species.catalogue';

/**
 * The catalogue changes only with a deploy: browsers keep an answer for an hour and Hosting's CDN
 * for a day.
 */
export const SPECIES_CACHE = 'public, max-age=3600, s-maxage=86400';

const { minLength, maxLength, defaultLimit, maxLimit } = SPECIES_SEARCH;
const Q_MESSAGE = `q must be ${minLength} to ${maxLength} characters.`;
const LIMIT_MESSAGE = `limit must be a whole number from 1 to ${maxLimit}.`;

/** Query of GET /mango/species: `q` and `limit`, nothing else, so each answer has one URL. */
const SpeciesQuerySchema = z.strictObject(
  {
    q: z.string({ error: Q_MESSAGE }).trim().min(minLength, Q_MESSAGE).max(maxLength, Q_MESSAGE),
    limit: z.coerce
      .number({ error: LIMIT_MESSAGE })
      .int(LIMIT_MESSAGE)
      .min(1, LIMIT_MESSAGE)
      .max(maxLimit, LIMIT_MESSAGE)
      .default(defaultLimit),
  },
  {
    error: (issue) =>
      issue.code === 'unrecognized_keys' ? 'GET /mango/species takes only these parameters: q, limit.' : undefined,
  },
);

/** /mango/species: search the catalogue, and one species by id. Public, and the same for everyone. */
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
      const { q, limit } = parseInput(SpeciesQuerySchema, req.query);
      send(res, { species: catalogue.search(q, limit) });
    })
    .all(methodNotAllowed('GET, HEAD'));
  router
    .route('/:id')
    .get((req, res) => {
      const species = catalogue.get(req.params.id);
      if (!species) throw new HttpError(404, 'not_found', 'There is no species with that id in the catalogue.');
      send(res, species);
    })
    .all(methodNotAllowed('GET, HEAD'));
  return router;
}
