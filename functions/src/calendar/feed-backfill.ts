import type { Firestore } from 'firebase-admin/firestore';
import { deleteUnder } from '../lib/pages';
import { CALENDAR_FEEDS_COLLECTION } from './calendar.repository';

/**
 * What the backfill (migrations/) asks of the calendar room: the markers earlier versions wrote with
 * every change of a feed (`calendarFeeds/{uid}/generations/*`), read by nothing now, deleted.
 * @returns how many it deleted.
 */
export const removeGenerations = (db: Firestore): Promise<number> =>
  deleteUnder(db, CALENDAR_FEEDS_COLLECTION, 'generations');
