import { serverData, settle, type Settled } from '@/lib/server-state';
import { CALENDAR_FEED_PATH, getCalendarFeed, type CalendarFeed } from '../api/get-calendar-feed';

export interface CalendarFeedData {
  feed: Settled<CalendarFeed>;
}

/** The user's calendar link (GET /mango/calendar), for the panel that asks for it when opened. */
export const calendarFeedData = serverData(async ({ read }): Promise<CalendarFeedData> => ({
  feed: await settle(read(CALENDAR_FEED_PATH, (signal) => getCalendarFeed(signal))),
}));
