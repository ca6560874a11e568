import { householdCalendarFeedData } from '@/features/calendar/lib/calendar-feed-data';

/*
 * Not a page: the data of the household calendar panel (on the Household page), which a fetcher
 * asks for when the panel is opened. Opened as an address, it is the not-found page.
 */
export const { loader, shouldRevalidate } = householdCalendarFeedData;
export { Component } from './not-found';
