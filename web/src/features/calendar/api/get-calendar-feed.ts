import { apiFetch } from '@/lib/api-client';

/** The user's private iCalendar feed. */
export interface CalendarFeed {
  /** Absolute https (or http, locally) URL; anyone who has it can read the feed. */
  url: string;
}

/** GET /mango/calendar (signed in): the feed's URL, made on the first call and the same until it is reset. */
export function getCalendarFeed(signal?: AbortSignal): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>('/mango/calendar', { auth: 'required', signal });
}
