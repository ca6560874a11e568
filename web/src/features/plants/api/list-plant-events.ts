import type { PlantEvent } from '@model/plant-events';
import { apiFetch } from '@/lib/api-client';

/** GET /mango/:id/events (owner only): the plant's care history, newest first, 50 at most. */
export function listPlantEvents(id: string, signal?: AbortSignal): Promise<PlantEvent[]> {
  return apiFetch<PlantEvent[]>(`/mango/${encodeURIComponent(id)}/events`, { auth: 'required', signal });
}
