import type { Viewer } from '../lib/viewer';
import {
  DAY_MS,
  CATEGORIES,
  COUNTED_ACTIVITY_TYPES,
  RECENT_ACTIVITY_LIMIT,
  STATS_WINDOW_DAYS,
  statFigure,
  type DashboardStats,
  type StatFigure,
} from '../model';
import type { ActivityRepository } from '../activity/activity.repository';
import type { PlantsRepository } from '../plants/plants.repository';

/** What the figures are counted from: the plant store's counts and the activity log (rooms.ts hands them over). */
export interface StatsSources extends Pick<PlantsRepository, 'countPlants' | 'hasCategory'> {
  activity: Pick<ActivityRepository, 'count' | 'listRecent'>;
}

/** The one status that counts as healthy (isHealthy in the shared model). */
const HEALTHY = 'Healthy';

/** The two windows every trend compares: [weekAgo, now) against [twoWeeksAgo, weekAgo). */
export interface StatsWindows {
  now: Date;
  weekAgo: Date;
  twoWeeksAgo: Date;
}

export function statsWindows(now: Date): StatsWindows {
  const window = STATS_WINDOW_DAYS * DAY_MS;
  return { now, weekAgo: new Date(now.getTime() - window), twoWeeksAgo: new Date(now.getTime() - 2 * window) };
}

/**
 * A count now and the same count one window ago, rebuilt from the activity records of the last
 * window: what exists now, less what was added since, plus what was deleted since. Exact as long
 * as every add and delete of the window left its record, which the repositories guarantee by
 * writing both in one batch.
 */
export function countWeekAgo(now: number, addedSince: number, deletedSince: number): number {
  return Math.max(0, now - addedSince + deletedSince);
}

/**
 * GET /mango/stats. What each figure compares (windows from statsWindows, `now` the request's time):
 * - totalPlants: all plants now, against all plants at weekAgo (countWeekAgo over everyone's
 *   'added' and 'deleted' records in [weekAgo, now)).
 * - categories: how many of the known categories have at least one plant now, against how many
 *   had one among the plants that exist now and were created before weekAgo. A plant counts under
 *   its current category, and plants deleted since are not counted: an approximation, since
 *   rebuilding last week's categories exactly would need every past category change.
 * - activity: 'added' and 'updated' records in [weekAgo, now), against [twoWeeksAgo, weekAgo).
 *   Each stored change counts once, so a plant added and then edited twice counts three times.
 * - mine.plants: the caller's plants now, against the caller's plants at weekAgo (countWeekAgo
 *   over the caller's records).
 * - mine.healthyPlants: the caller's plants whose health status is exactly 'Healthy' (My Items'
 *   summary cards; everything else needs care).
 * - mine.recentActivity: the caller's RECENT_ACTIVITY_LIMIT latest records, newest first.
 * Each trend is weekTrend(value, previous) from the shared model.
 */
export function createStatsService(repository: () => StatsSources, clock: () => Date = () => new Date()) {
  async function populationFigure(windows: StatsWindows, ownerUid?: string): Promise<StatFigure> {
    const { activity } = repository();
    const since = { from: windows.weekAgo, to: windows.now, ownerUid };
    const [value, added, deleted] = await Promise.all([
      repository().countPlants(ownerUid),
      activity.count({ ...since, types: ['added'] }),
      activity.count({ ...since, types: ['deleted'] }),
    ]);
    return statFigure(value, countWeekAgo(value, added, deleted));
  }

  async function categoriesFigure(windows: StatsWindows): Promise<DashboardStats['categories']> {
    const inUse = await Promise.all(CATEGORIES.map((category) => repository().hasCategory(category)));
    const used = CATEGORIES.filter((_, i) => inUse[i]);
    // Last week's set is a subset of today's (see above), so only today's categories are asked.
    const usedBefore = await Promise.all(used.map((category) => repository().hasCategory(category, windows.weekAgo)));
    return { ...statFigure(used.length, usedBefore.filter(Boolean).length), known: CATEGORIES.length };
  }

  async function activityFigure(windows: StatsWindows): Promise<StatFigure> {
    const { activity } = repository();
    const [thisWeek, lastWeek] = await Promise.all([
      activity.count({ types: COUNTED_ACTIVITY_TYPES, from: windows.weekAgo, to: windows.now }),
      activity.count({ types: COUNTED_ACTIVITY_TYPES, from: windows.twoWeeksAgo, to: windows.weekAgo }),
    ]);
    return statFigure(thisWeek, lastWeek);
  }

  async function mineFigures(windows: StatsWindows, viewer: Viewer): Promise<NonNullable<DashboardStats['mine']>> {
    const [plants, healthyPlants, recentActivity] = await Promise.all([
      populationFigure(windows, viewer.uid),
      repository().countPlants(viewer.uid, HEALTHY),
      repository().activity.listRecent(viewer.uid, RECENT_ACTIVITY_LIMIT),
    ]);
    return { plants, healthyPlants, recentActivity };
  }

  return {
    /** Everyone's figures; `mine` only for a signed-in viewer. */
    async getStats(viewer: Viewer | null): Promise<DashboardStats> {
      const windows = statsWindows(clock());
      const [totalPlants, categories, activity, mine] = await Promise.all([
        populationFigure(windows),
        categoriesFigure(windows),
        activityFigure(windows),
        viewer ? mineFigures(windows, viewer) : undefined,
      ]);
      return { totalPlants, categories, activity, ...(mine ? { mine } : {}) };
    },
  };
}

export type StatsService = ReturnType<typeof createStatsService>;
