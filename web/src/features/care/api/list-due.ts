import type { Plant } from '@model';
import type { DuePage } from '@model/care-tasks';
import { apiFetch } from '@/lib/api-client';

/** The request's path: GET /mango/due?until=...&cursor=... (one page of up to 100 plants). */
export function duePath(until: string, cursor?: string | null): string {
  const query = new URLSearchParams({ until });
  if (cursor) query.set('cursor', cursor);
  return `/mango/due?${query}`;
}

/**
 * GET /mango/due (signed in): the user's plants with a job (watering or a care task) due on or
 * before `until`, soonest first. One indexed query a page: never the user's whole list.
 */
function listDuePage(until: string, cursor?: string | null, signal?: AbortSignal): Promise<DuePage<Plant>> {
  return apiFetch<DuePage<Plant>>(duePath(until, cursor), { auth: 'required', signal });
}

/** Every page of GET /mango/due up to `until` (the plants due in a week fit one page for nearly everyone). */
export async function listDuePlants(until: string, signal?: AbortSignal): Promise<Plant[]> {
  const plants: Plant[] = [];
  let cursor: string | null = null;
  do {
    const page: DuePage<Plant> = await listDuePage(until, cursor, signal);
    plants.push(...page.plants);
    cursor = page.nextCursor;
  } while (cursor);
  return plants;
}
