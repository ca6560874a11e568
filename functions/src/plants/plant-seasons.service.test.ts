import type { Timestamp } from 'firebase-admin/firestore';
import { describe, expect, it } from 'vitest';
import { captureLogs } from '../../test/support/log-capture';
import type { Plant } from '../model';
import { jade } from '../../test/support/plant-fixture';
import { createPlantSeasonsService } from './plant-seasons.service';
import type { PlantChanges, SeasonsCursor, StoredPlant } from './plants.repository';

// Noon UTC on the northern autumn equinox of 2027.
const EQUINOX = new Date('2027-09-23T12:00:00Z');
const NORTH = { hemisphere: 'north', timeZone: 'UTC' } as const;

const following = (id: string, speciesId: string, changesOn = '2027-09-23'): Plant => ({
  ...jade,
  _id: id,
  ownerUid: 'owner',
  speciesId,
  lastWateredDate: '2027-09-20',
  wateringFrequency: 'Every 7 days',
  wateringIntervalDays: 7,
  wateringFollows: 'species',
  wateringSeason: { season: 'summer', changesOn, nextDays: 14 },
});

/**
 * The two calls of the plant store a run makes, over a Map: pages in the order of the day of
 * change and the id, after a cursor of the values a page read, as Firestore's query answers them.
 */
function fakeStore(plants: Plant[]) {
  const stored = new Map(plants.map((plant) => [plant._id, plant]));
  const pages: (SeasonsCursor | undefined)[] = [];
  const key = (plant: Plant) => [plant.wateringSeason!.changesOn, plant._id] as const;
  const before = (a: readonly [string, string], b: readonly [string, string]) =>
    a[0] < b[0] || (a[0] === b[0] && a[1] < b[1]);
  return {
    stored,
    pages,
    repository: {
      async seasonsDue(day: string, limit: number, after?: SeasonsCursor) {
        pages.push(after);
        const due = [...stored.values()]
          .filter((plant) => plant.wateringSeason && plant.wateringSeason.changesOn <= day)
          .filter((plant) => !after || before([after.changesOn, after.id], key(plant)))
          .sort((a, b) => (before(key(a), key(b)) ? -1 : 1))
          .slice(0, limit);
        const last = due.at(-1);
        return {
          plants: due.map((plant) => ({
            id: plant._id,
            stored: {
              plant,
              revision: 1,
              updateTime: {} as Timestamp,
              careEdits: {},
              rhythms: {},
            } satisfies StoredPlant,
          })),
          next: last && due.length === limit ? { changesOn: last.wateringSeason!.changesOn, id: last._id } : null,
        };
      },
      async turnSeason(id: string, _stored: StoredPlant, changes: PlantChanges) {
        stored.set(id, { ...stored.get(id)!, ...changes } as Plant);
        return true;
      },
    },
  };
}

const serviceOver = (store: ReturnType<typeof fakeStore>) =>
  createPlantSeasonsService(
    () => store.repository,
    async () => NORTH,
    () => EQUINOX,
  );

describe('turnSeasons', () => {
  it('turns every plant whose season has come in one run, a page after another', async () => {
    const ids = Array.from({ length: 450 }, (_, i) => `plant-${String(i).padStart(4, '0')}`);
    const store = fakeStore(ids.map((id) => following(id, 'monstera-deliciosa')));
    expect(await serviceOver(store).turnSeasons()).toBe(450);
    expect(store.pages).toEqual([
      undefined,
      { changesOn: '2027-09-23', id: 'plant-0199' },
      { changesOn: '2027-09-23', id: 'plant-0399' },
    ]);
    for (const id of ids)
      expect(store.stored.get(id)).toMatchObject({
        wateringFrequency: 'Every 14 days',
        wateringSeason: { season: 'winter', changesOn: '2028-03-20', nextDays: 7 },
      });
    // Turned, they are no longer due: a second run finds nothing.
    expect(await serviceOver(store).turnSeasons()).toBe(0);
  });

  it('leaves a plant whose species the catalogue no longer has as it is, says so in the log, and turns the rest', async () => {
    const logs = captureLogs();
    const gone = following('plant-0100', 'a-species-no-longer-there', '2027-09-22');
    const rest = Array.from({ length: 250 }, (_, i) => following(`plant-${1000 + i}`, 'monstera-deliciosa'));
    const store = fakeStore([gone, ...rest]);
    expect(await serviceOver(store).turnSeasons()).toBe(250);
    expect(store.stored.get('plant-0100')).toEqual(gone);
    expect(logs).toEqual([
      expect.objectContaining({
        severity: 'WARNING',
        message: 'Plants follow a species the catalogue no longer has: their season was not turned.',
        plants: 1,
        speciesIds: ['a-species-no-longer-there'],
        plantIds: ['plant-0100'],
      }),
    ]);
    expect(JSON.stringify(logs)).not.toContain('owner');
  });

  it("waits for the owner's own day: a plant whose season changes tomorrow stays", async () => {
    const store = fakeStore([following('plant-1', 'monstera-deliciosa', '2027-09-24')]);
    expect(await serviceOver(store).turnSeasons()).toBe(0);
    expect(store.stored.get('plant-1')!.wateringSeason!.changesOn).toBe('2027-09-24');
  });
});
