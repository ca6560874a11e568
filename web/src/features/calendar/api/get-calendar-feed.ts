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
