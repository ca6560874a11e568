import { describe, expect, it } from 'vitest';
import type { PlantListRepository } from './plant-list.repository';
import { FACETS_FRESH_MS, createPlantListService } from './plant-list.service';

describe('the filter options', () => {
  it('are counted again only once they are FACETS_FRESH_MS old, and a failure is never kept', async () => {
    let now = 1_000_000;
    let counted = 0;
    let failing = false;
    const repository = {
      facets: async () => {
        counted += 1;
        if (failing) throw new Error('Firestore is down');
        return { categories: ['fern'], careLevels: ['easy'], total: counted };
      },
    } as unknown as PlantListRepository;
    const service = createPlantListService(
      () => repository,
      () => new Date(now),
    );
    expect((await service.facets()).total).toBe(1);
    now += FACETS_FRESH_MS - 1;
    expect((await service.facets()).total).toBe(1);
    now += 1;
    failing = true;
    await expect(service.facets()).rejects.toThrow('Firestore is down');
    failing = false;
    expect((await service.facets()).total).toBe(3);
    expect(counted).toBe(3);
  });
});
