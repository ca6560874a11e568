import { apiFetch } from '@/lib/api-client';

/** The user's private iCalendar feed. */
export interface CalendarFeed {
  /** Absolute https (or http, locally) URL; anyone who has it can read the feed. */
  url: string;
}

/** The request's path: GET /mango/calendar. */
export const CALENDAR_FEED_PATH = '/mango/calendar';

/** GET /mango/calendar (signed in): the feed's URL, made on the first call and the same until it is reset. */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>(CALENDAR_FEED_PATH, { auth: 'required', signal });
}

/** The request's path: GET /mango/calendar/household. */
export const HOUSEHOLD_CALENDAR_FEED_PATH = '/mango/calendar/household';

/**
 * GET /mango/calendar/household (anyone of a household): the user's own link to their household's
 * feed (its rota and its shared plants' jobs), made on the first call and the same until reset.
 */
export function getHouseholdCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>(HOUSEHOLD_CALENDAR_FEED_PATH, { auth: 'required', signal });
}
