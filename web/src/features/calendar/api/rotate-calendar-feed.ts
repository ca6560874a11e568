import { apiFetch } from '@/lib/api-client';
import type { CalendarFeed } from './get-calendar-feed';

/** POST /mango/calendar/rotate (signed in): a new feed URL; the old one stops working at once. */
export function rotateCalendarFeed(): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>('/mango/calendar/rotate', { method: 'POST', auth: 'required' });
}

/** POST /mango/calendar/household/rotate: a new link to the household's feed; the user's old one stops working. */
export function rotateHouseholdCalendarFeed(): Promise<CalendarFeed> {
  return apiFetch<CalendarFeed>('/mango/calendar/household/rotate', { method: 'POST', auth: 'required' });
}
