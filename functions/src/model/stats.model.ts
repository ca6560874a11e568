/**
 * The dashboard's figures (GET /mango/stats), shared by the API and the web app: the answer's
 * shape, the activity record's types and the week-over-week trend arithmetic.
 * Pure: no express, firebase or DOM.
 */

/** Every trend compares the last STATS_WINDOW_DAYS days with the STATS_WINDOW_DAYS before them. */
export const STATS_WINDOW_DAYS = 7;

/**
 * What an activity record says happened to a plant. Stored as text, so a later kind adds a value
 * here without touching stored records; readers must tolerate kinds they do not know.
 */
export const ACTIVITY_TYPES = ['added', 'updated', 'deleted', 'watered'] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

/** The kinds the Activity card counts: "plants added or updated". */
export const COUNTED_ACTIVITY_TYPES = ['added', 'updated'] as const satisfies readonly ActivityType[];

/** How many of the user's latest events the Overview shows. */
export const RECENT_ACTIVITY_LIMIT = 3;

export interface Trend {
  direction: 'up' | 'down' | 'flat';
  /** Whole percent, never negative; 0 only when flat. */
  percent: number;
}

/**
 * The change from `previous` to `current` in percent of `previous`:
 * - equal values: flat, 0;
 * - `previous` 0 (or less) and `current` above it: up 100 (growth from nothing is shown as doubling;
 *   the real ratio is unbounded, and "+Infinity%" helps nobody);
 * - otherwise the rounded percentage, at least 1, so a real change never reads as "+0%";
 *   `current` 0 after a non-zero week is down 100.
 */
export function weekTrend(current: number, previous: number): Trend {
  if (current === previous) return { direction: 'flat', percent: 0 };
  if (previous <= 0) return current > 0 ? { direction: 'up', percent: 100 } : { direction: 'flat', percent: 0 };
  const change = ((current - previous) / previous) * 100;
  return { direction: change > 0 ? 'up' : 'down', percent: Math.max(1, Math.round(Math.abs(change))) };
}

/** '+N% from last week', '-N% from last week' or 'No change from last week'. */
export function trendLabel(trend: Trend): string {
  if (trend.direction === 'flat') return 'No change from last week';
  return `${trend.direction === 'up' ? '+' : '-'}${trend.percent}% from last week`;
}

/** One figure of the dashboard: its value now, the value it is compared with, and the trend. */
export interface StatFigure {
  value: number;
  previous: number;
  trend: Trend;
}

export function statFigure(value: number, previous: number): StatFigure {
  return { value, previous, trend: weekTrend(value, previous) };
}

/** One activity record as the API answers it (the owner is the caller, so it is not repeated). */
export interface ActivityEvent {
  _id: string;
  /** One of ACTIVITY_TYPES today; later kinds may appear. */
  type: string;
  plantId: string;
  plantName: string;
  /** ISO time of the change. */
  at: string;
}

/** GET /mango/stats. `mine` is there only for a signed-in caller. */
export interface DashboardStats {
  /** All plants now, against all plants 7 days ago. */
  totalPlants: StatFigure;
  /** Known categories with at least one plant, out of `known`. */
  categories: StatFigure & { known: number };
  /** Adds and updates in the last 7 days, against the 7 days before. */
  activity: StatFigure;
  mine?: {
    /** The caller's plants now, against 7 days ago. */
    plants: StatFigure;
    /** How many of the caller's plants are 'Healthy' now. */
    healthyPlants: number;
    /** The caller's latest events, newest first (RECENT_ACTIVITY_LIMIT at most). */
    recentActivity: ActivityEvent[];
  };
}
