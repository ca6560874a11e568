import { calendarFeedData } from '@/features/calendar/lib/calendar-feed-data';

/*
 * Not a page: the data of the "Add to calendar" panel (on My Plants and Today), which a fetcher
 * asks for when the panel is opened. Opened as an address, it is the not-found page.
 */
export const { loader, shouldRevalidate } = calendarFeedData;
export { Component } from './not-found';
