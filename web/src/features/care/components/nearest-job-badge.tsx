import { nearestJob, type DuePlant } from '@model/care-tasks';
import { dueTone } from '@model/schedule';
import { Badge } from '@/components/ui/badge';
import { dueJobLabel } from '@/lib/care-words';
import { useT } from '@/lib/i18n/i18n';
import { useToday } from '@/lib/use-today';

/**
 * A plant's nearest job of watering and its tracked tasks, against the user's own calendar day:
 * 'Water overdue by 2 days' (red), 'Fertilize due today' and '... due tomorrow' (amber), 'Repot
 * due in 5 days' (green); nothing when none is scheduled. From the plant as the list loaded it:
 * no request of its own.
 */
export function NearestJobBadge({ plant }: { plant: DuePlant }) {
  const today = useToday();
  const t = useT();
  const nearest = nearestJob(plant, today);
  if (!nearest) return null;
  return <Badge tone={dueTone(nearest.state.kind)}>{dueJobLabel(nearest.job, nearest.state, t)}</Badge>;
}
