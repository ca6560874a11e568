import { dueState, dueTone } from '@model/schedule';
import { Badge } from '@/components/ui/badge';
import { dueLabel } from '@/lib/care-words';
import { useT } from '@/lib/i18n/i18n';
import { useToday } from '../lib/use-today';

export interface DueBadgeProps {
  /** The next watering. */
  nextWateringDate?: string | null;
  /** Another job's next date (a care task's), in place of the next watering. */
  date?: string | null;
}

/**
 * When the plant needs water (or another job, given `date`), against the user's own calendar day:
 * 'Overdue by 2 days' (red), 'Due today' and 'Due tomorrow' (amber), 'Due in 5 days' (green);
 * nothing without a date.
 */
export function DueBadge({ nextWateringDate, date = nextWateringDate }: DueBadgeProps) {
  const today = useToday();
  const t = useT();
  const state = dueState(date, today);
  if (!state) return null;
  return <Badge tone={dueTone(state.kind)}>{dueLabel(state, t)}</Badge>;
}
