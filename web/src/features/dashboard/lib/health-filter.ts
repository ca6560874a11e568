import type { Plant } from '@model';
import { isHealthy } from '@model/care';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  all: { id: 'dashboard.health.all', message: 'All' },
  healthy: { id: 'dashboard.health.healthy', message: 'Healthy' },
  needsCare: { id: 'dashboard.health.needsCare', message: 'Needs Care' },
});

/** My Items' tabs, each with its label's message. Needs Care is every status but exactly 'Healthy'. */
export const HEALTH_FILTERS = [
  { id: 'all', label: messages.all },
  { id: 'healthy', label: messages.healthy },
  { id: 'needs-care', label: messages.needsCare },
] as const;

export type HealthFilter = (typeof HEALTH_FILTERS)[number]['id'];

export function filterByHealth<P extends Pick<Plant, 'healthStatus'>>(plants: readonly P[], filter: HealthFilter): P[] {
  if (filter === 'all') return [...plants];
  return plants.filter((plant) => isHealthy(plant.healthStatus) === (filter === 'healthy'));
}
