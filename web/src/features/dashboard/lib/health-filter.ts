import type { Plant } from '@model';
import { isHealthy } from '@model/care';

/** My Items' tabs. Needs Care is every status but exactly 'Healthy'. */
export const HEALTH_FILTERS = [
  { id: 'all', label: 'All' },
  { id: 'healthy', label: 'Healthy' },
  { id: 'needs-care', label: 'Needs Care' },
] as const;

export type HealthFilter = (typeof HEALTH_FILTERS)[number]['id'];

export function filterByHealth<P extends Pick<Plant, 'healthStatus'>>(plants: readonly P[], filter: HealthFilter): P[] {
  if (filter === 'all') return [...plants];
  return plants.filter((plant) => isHealthy(plant.healthStatus) === (filter === 'healthy'));
}
