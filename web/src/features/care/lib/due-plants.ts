import type { Plant } from '@model';
import { addDays, localToday } from '@model/schedule';
import type { ServerDataArgs } from '@/lib/server-state';
import { duePath, listDuePlants } from '../api/list-due';

/**
 * The signed-in user's plants with a job (watering or a care task) due by `days` days after
 * `today` (the user's day), soonest first: GET /mango/due, one indexed query over the plants in
 * that window, never the user's whole list. Today and the home reminder read these.
 */
export function readDuePlants(read: ServerDataArgs['read'], days: number, today = localToday()): Promise<Plant[]> {
  const until = addDays(today, days);
  return read(duePath(until), (signal) => listDuePlants(until, signal));
}
