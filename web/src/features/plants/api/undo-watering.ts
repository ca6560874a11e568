import type { Plant } from '@model';
import { apiFetch } from '@/lib/api-client';
import { plantPath } from './plant-path';

/** DELETE /mango/:id/waterings/latest (owner only): takes back the latest watering. Answers the plant with its previous dates. */
export function undoWatering(id: string): Promise<Plant> {
  return apiFetch<Plant>(`${plantPath(id)}/waterings/latest`, { method: 'DELETE', auth: 'required' });
}
