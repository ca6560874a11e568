import type { Plant } from '@model';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from './plant-path';

/** POST /mango/:id/waterings (owner only): records a watering on `date` (the user's own day). Answers the updated plant. */
export function waterPlant(id: string, date: string): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(id)}/waterings`, { method: 'POST', body: { date }, auth: 'required' });
}
