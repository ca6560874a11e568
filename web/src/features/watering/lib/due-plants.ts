import type { Plant } from '@model';
import { addDays, localToday } from '@model/schedule';
import { listPlantPagesWhile, plantPagePath, type PlantPageParams } from '@/features/plants/api/list-plant-page';
import type { ServerDataArgs } from '@/lib/server-state';

/** The user's plants, soonest watering first: the pages read from the first on. */
const dueOrder = (email: string): PlantPageParams => ({ email, sort: 'nextWateringDate', dir: 'asc', limit: 100 });

/**
 * The signed-in user's plants by next watering date, soonest first, asked for a page at a time
 * only as far as `days` days after `today` (the user's): the Today page and the home reminder read
 * the plants that are due, not the whole list.
 */
export function readDuePlants(read: ServerDataArgs['read'], email: string, days: number, today = localToday()): Promise<Plant[]> {
  const lastDay = addDays(today, days);
  const params = dueOrder(email);
  return read(plantPagePath(params), (signal) =>
    listPlantPagesWhile(params, (last) => Boolean(last.nextWateringDate && last.nextWateringDate <= lastDay), signal),
  );
}
