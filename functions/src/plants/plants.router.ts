import { Router } from 'express';
import { parseInput } from '../middleware/validate';
import { ListPlantsQuerySchema } from './plants.schemas';
import type { PlantsService } from './plants.service';

/** Public answers revalidate every time (ETag, 304), so a fresh change is never hidden. */
const PUBLIC_CACHE = 'public, no-cache';

export function createPlantsRouter(service: PlantsService): Router {
  const router = Router();

  router.get('/', async (req, res) => {
    const query = parseInput(ListPlantsQuerySchema, req.query);
    const plants = await service.listPlants(null, query);
    res.set('Cache-Control', PUBLIC_CACHE).json(plants);
  });

  return router;
}
