import type { PlantEvent } from '@model/plant-events';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from '@/lib/plant-path';

/** The request's path: GET /mango/:id/events. */
export const plantEventsPath = (id: string) => `${plantPath(id)}/events`;

/** GET /mango/:id/events (its owner, or anyone of the household it is shared with (a sitter until their last day)): the plant's care history, newest first, 50 at most. */
export function listPlantEvents(id: string, signal?: AbortSignal): Promise<PlantEvent[]> {
  return apiFetch<PlantEvent[]>(plantEventsPath(id), { auth: 'required', signal });
}
