import { serverData, settle, type Settled } from '@/lib/server-state';
import {
  CALENDAR_FEED_PATH,
  HOUSEHOLD_CALENDAR_FEED_PATH,
  getCalendarFeed,
  getHouseholdCalendarFeed,
  type CalendarFeed,
} from '../api/get-calendar-feed';

export interface CalendarFeedData {
  feed: Settled<CalendarFeed>;
}

/** The user's calendar link (GET /mango/calendar), for the panel that asks for it when opened. */
export const calendarFeedData = serverData(async ({ read }): Promise<CalendarFeedData> => ({
  feed: await settle(read(CALENDAR_FEED_PATH, (signal) => getCalendarFeed(signal))),
}));

/** The user's link to their household's feed (GET /mango/calendar/household), for the Household page's panel. */
export const householdCalendarFeedData = serverData(async ({ read }): Promise<CalendarFeedData> => ({
  feed: await settle(read(HOUSEHOLD_CALENDAR_FEED_PATH, (signal) => getHouseholdCalendarFeed(signal))),
}));
