import { describe, expect, it } from 'vitest';
import type { Plant } from '../model';
import type { ListOptions, PlantListRepository } from './plant-list.repository';
import { FACETS_FRESH_MS, NEWEST_FRESH_MS, createPlantListService } from './plant-list.service';

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

describe("a visitor's plain list", () => {
  const plant = (id: string, ownerUid: string) =>
    ({
      _id: id,
      plantName: `Plant ${id}`,
      category: 'fern',
      careLevel: 'easy',
      userName: 'Owner',
      userEmail: `${ownerUid}@example.com`,
      ownerUid,
      createdAt: '2026-05-01T08:00:00.000Z',
    }) as unknown as Plant;

  /** A repository that counts its reads of the list and answers what `stored` holds then. */
  function counting() {
    const reads: ListOptions[] = [];
    const state = { stored: [plant('a', 'ann'), plant('b', 'bob')], failing: false };
    const repository = {
      listPlants: async (options: ListOptions = {}) => {
        reads.push(options);
        if (state.failing) throw new Error('Firestore is down');
        return state.stored.slice(0, options.limit ?? state.stored.length);
      },
    } as unknown as PlantListRepository;
    let now = 1_000_000;
    const service = createPlantListService(
      () => repository,
      () => new Date(now),
    );
    return { service, reads, state, advance: (ms: number) => (now += ms) };
  }

  it('is read once in NEWEST_FRESH_MS for 300 requests, at once or one after another, and again after', async () => {
    const { service, reads, state, advance } = counting();
    const together = await Promise.all(Array.from({ length: 150 }, () => service.listPlants(null, {})));
    for (let i = 0; i < 150; i += 1) await service.listPlants(null, {});
    expect(reads).toEqual([{ limit: undefined }]);
    expect(together[0]!.map((p) => p._id)).toEqual(['a', 'b']);

    state.stored = [plant('c', 'cy'), ...state.stored];
    advance(NEWEST_FRESH_MS - 1);
    expect((await service.listPlants(null, {})).map((p) => p._id)).toEqual(['a', 'b']);
    advance(1);
    expect((await service.listPlants(null, {})).map((p) => p._id)).toEqual(['c', 'a', 'b']);
    expect(reads).toHaveLength(2);
  });

  it('is kept per limit', async () => {
    const { service, reads } = counting();
    for (let i = 0; i < 100; i += 1) {
      expect(await service.listPlants(null, { limit: 1 })).toHaveLength(1);
      expect(await service.listPlants(null, { limit: 2 })).toHaveLength(2);
      expect(await service.listPlants(null, {})).toHaveLength(2);
    }
    expect(reads).toEqual([{ limit: 1 }, { limit: 2 }, { limit: undefined }]);
  });

  it('is the public view, whoever asked before: a signed-in list and a page before a time are read every time', async () => {
    const { service, reads } = counting();
    const owners = await service.listPlants({ uid: 'ann', email: 'ann@example.com' }, {});
    expect(owners[0]).toMatchObject({ ownerUid: 'ann', userEmail: 'ann@example.com' });
    const visitors = await service.listPlants(null, {});
    for (const shown of visitors) {
      expect(shown).not.toHaveProperty('ownerUid');
      expect(shown).not.toHaveProperty('userEmail');
    }
    for (let i = 0; i < 3; i += 1) {
      const again = await service.listPlants({ uid: 'ann', email: 'ann@example.com' }, {});
      expect(again[0]).toMatchObject({ ownerUid: 'ann', userEmail: 'ann@example.com' });
      await service.listPlants(null, { before: '2026-05-02T00:00:00.000Z' });
    }
    expect(reads).toHaveLength(1 + 1 + 3 * 2);
  });

  it('does not keep a failure: the next request reads again', async () => {
    const { service, reads, state } = counting();
    state.failing = true;
    await expect(service.listPlants(null, {})).rejects.toThrow('Firestore is down');
    state.failing = false;
    expect(await service.listPlants(null, {})).toHaveLength(2);
    expect(await service.listPlants(null, {})).toHaveLength(2);
    expect(reads).toHaveLength(2);
  });
});
