import type { Firestore, Query } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { getDb } from '../src/lib/firebase';
import type { Plant } from '../src/model';
import { createPlantsRepository, type NewPlantRecord } from '../src/plants/plants.repository';
import { aPlant } from './support/plants';

/**
 * The real database, except that every query's get() is counted and held until `open()`, so a
 * test can line reads and writes up while a query is still running.
 */
function heldQueries(db: Firestore) {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const counter = { gets: 0 };
  const wrap = (query: Query): Query =>
    new Proxy(query, {
      get(target, property) {
        const value: unknown = Reflect.get(target, property, target);
        if (typeof value !== 'function') return value;
        const method = value as (...args: unknown[]) => unknown;
        if (property === 'get') {
          return () => {
            counter.gets += 1;
            return gate.then(() => target.get());
          };
        }
        if (property === 'orderBy' || property === 'where' || property === 'limit') return (...args: unknown[]) => wrap(method.apply(target, args) as Query);
        return method.bind(target);
      },
    });
  const gatedDb = new Proxy(db, {
    get(target, property) {
      if (property === 'collection') return (path: string) => wrap(target.collection(path));
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
  return { db: gatedDb, counter, open };
}

const record = (plantName: string): NewPlantRecord =>
  ({ ...aPlant({ plantName }), ownerUid: 'list-sharing-owner', userEmail: 'owner@example.com', userName: 'Owner' }) as NewPlantRecord;

describe('list reads share a running query', () => {
  it('identical lists asked at the same moment run one query; a different list runs its own', async () => {
    const { db, counter, open } = heldQueries(getDb());
    const repository = createPlantsRepository(db);
    const reads = [repository.listPlants({ limit: 8 }), repository.listPlants({ limit: 8 }), repository.listPlants({ limit: 3 })];
    expect(counter.gets).toBe(2);
    open();
    const [first, second, three] = await Promise.all(reads);
    expect(second).toEqual(first);
    expect(first).toHaveLength(8);
    expect(three!.map((plant: Plant) => plant._id)).toEqual(first!.slice(0, 3).map((plant) => plant._id));
  });

  it('a read after a write never joins a query that was already running, so the writer sees the change', async () => {
    const { db, counter, open } = heldQueries(getDb());
    const repository = createPlantsRepository(db);
    const before = repository.listPlants({ limit: 8 });
    const id = await repository.createPlant(record(`Shared list ${Date.now()}`));
    const after = repository.listPlants({ limit: 8 });
    expect(counter.gets).toBe(2);
    open();
    expect((await after).map((plant) => plant._id)).toContain(id);
    await before;

    // Once the queries have answered, nothing is kept: the next read asks Firestore again.
    await repository.listPlants({ limit: 8 });
    expect(counter.gets).toBe(3);
  });
});
