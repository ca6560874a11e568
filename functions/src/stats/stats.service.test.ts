import { describe, expect, it } from 'vitest';
import type { ActivityEvent, ActivityType } from '../model';
import { countWeekAgo, createStatsService, statsWindows, type StatsSources } from './stats.service';

const NOW = new Date('2026-05-20T12:00:00.000Z');
const DAY = 24 * 60 * 60 * 1000;

describe('statsWindows', () => {
  it('ends the last window at the request time and starts each 7 days before the next', () => {
    expect(statsWindows(NOW)).toEqual({
      now: NOW,
      weekAgo: new Date('2026-05-13T12:00:00.000Z'),
      twoWeeksAgo: new Date('2026-05-06T12:00:00.000Z'),
    });
  });
});

describe('countWeekAgo', () => {
  it('takes back what was added since and puts back what was deleted since', () => {
    expect(countWeekAgo(10, 3, 1)).toBe(8);
    expect(countWeekAgo(10, 0, 0)).toBe(10);
    // Added and deleted within the week: it existed at neither end.
    expect(countWeekAgo(4, 1, 1)).toBe(4);
  });

  it('never goes below zero, even on inconsistent history', () => {
    expect(countWeekAgo(1, 3, 0)).toBe(0);
  });
});

interface Plant {
  ownerUid: string;
  category: string;
  createdAt: Date;
  healthStatus?: string;
}
interface Activity {
  ownerUid: string;
  type: ActivityType;
  at: Date;
  plantName: string;
}

/** A repository over arrays, answering the same questions as the Firestore one. */
function fakeRepository(plants: Plant[], activity: Activity[]): StatsSources {
  return {
    countPlants: async (ownerUid, healthStatus) =>
      plants.filter(
        (p) =>
          (ownerUid === undefined || p.ownerUid === ownerUid) &&
          (healthStatus === undefined || (p.healthStatus ?? 'Healthy') === healthStatus),
      ).length,
    hasCategory: async (category, before) =>
      plants.some((p) => p.category === category && (!before || p.createdAt < before)),
    activity: {
      count: async ({ types, from, to, ownerUid }) =>
        activity.filter(
          (a) =>
            types.includes(a.type) && a.at >= from && a.at < to && (ownerUid === undefined || a.ownerUid === ownerUid),
        ).length,
      listRecent: async (ownerUid, limit) =>
        activity
          .filter((a) => a.ownerUid === ownerUid)
          .sort((a, b) => b.at.getTime() - a.at.getTime())
          .slice(0, limit)
          .map((a, i): ActivityEvent => ({
            _id: `e${i}`,
            type: a.type,
            plantId: 'p',
            plantName: a.plantName,
            at: a.at.toISOString(),
          })),
    },
  } as StatsSources;
}

const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY);

describe('the stats service', () => {
  // Alice: two plants from long ago, one added this week (then edited), one added and deleted this
  // week. Bob: one plant added last week, one deleted this week that was created long ago.
  const plants: Plant[] = [
    { ownerUid: 'alice', category: 'fern', createdAt: daysAgo(30) },
    { ownerUid: 'alice', category: 'Fruit', createdAt: daysAgo(20) },
    { ownerUid: 'alice', category: 'Herbs', createdAt: daysAgo(2), healthStatus: 'Needs Care' },
    { ownerUid: 'bob', category: 'fern', createdAt: daysAgo(10) },
  ];
  const activity: Activity[] = [
    { ownerUid: 'alice', type: 'added', at: daysAgo(30), plantName: 'Fern' },
    { ownerUid: 'alice', type: 'added', at: daysAgo(20), plantName: 'Lemon' },
    { ownerUid: 'bob', type: 'added', at: daysAgo(40), plantName: 'Gone' },
    { ownerUid: 'bob', type: 'added', at: daysAgo(10), plantName: 'Bob Fern' },
    { ownerUid: 'bob', type: 'updated', at: daysAgo(9), plantName: 'Bob Fern' },
    { ownerUid: 'alice', type: 'added', at: daysAgo(2), plantName: 'Basil' },
    { ownerUid: 'alice', type: 'updated', at: daysAgo(1.5), plantName: 'Basil' },
    { ownerUid: 'alice', type: 'added', at: daysAgo(1), plantName: 'Oops' },
    { ownerUid: 'alice', type: 'deleted', at: daysAgo(0.5), plantName: 'Oops' },
    { ownerUid: 'bob', type: 'deleted', at: daysAgo(0.25), plantName: 'Gone' },
    // Exactly at the window edges: weekAgo belongs to this week, now to none.
    { ownerUid: 'bob', type: 'updated', at: daysAgo(7), plantName: 'Bob Fern' },
    { ownerUid: 'bob', type: 'updated', at: NOW, plantName: 'Bob Fern' },
  ];
  const service = createStatsService(
    () => fakeRepository(plants, activity),
    () => NOW,
  );

  it("compares everyone's figures with the week before", async () => {
    const stats = await service.getStats(null);
    // 4 plants now; 2 added and 2 deleted this week: 4 a week ago.
    expect(stats.totalPlants).toEqual({ value: 4, previous: 4, trend: { direction: 'flat', percent: 0 } });
    // fern, Fruit, Herbs now; of today's plants, only fern and Fruit existed a week ago.
    expect(stats.categories).toEqual({ value: 3, previous: 2, known: 8, trend: { direction: 'up', percent: 50 } });
    // This week: Basil added and updated, Oops added, Bob's update exactly a week ago = 4; before: Bob's add and update = 2.
    expect(stats.activity).toEqual({ value: 4, previous: 2, trend: { direction: 'up', percent: 100 } });
    expect(stats).not.toHaveProperty('mine');
  });

  it("adds the caller's own figures and latest three events for a signed-in caller", async () => {
    const stats = await service.getStats({ uid: 'alice', email: 'alice@example.test' });
    // Alice: 3 plants now; 2 added and 1 deleted this week: 2 a week ago.
    expect(stats.mine?.plants).toEqual({ value: 3, previous: 2, trend: { direction: 'up', percent: 50 } });
    expect(stats.mine?.healthyPlants).toBe(2);
    expect(stats.mine?.recentActivity.map((e) => [e.type, e.plantName])).toEqual([
      ['deleted', 'Oops'],
      ['added', 'Oops'],
      ['updated', 'Basil'],
    ]);
    const bob = await service.getStats({ uid: 'bob' });
    // Bob: 1 plant now; nothing added and 1 deleted this week: 2 a week ago.
    expect(bob.mine?.plants).toEqual({ value: 1, previous: 2, trend: { direction: 'down', percent: 50 } });
  });
});
