import { dueState, dueTone } from '@model/schedule';
import { Badge } from '@/components/ui/badge';
import { useToday } from '../hooks/use-today';

/**
 * When the plant needs water, against the user's own calendar day: 'Overdue by 2 days' (red),
 * 'Due today' and 'Due tomorrow' (amber), 'Due in 5 days' (green); nothing without a date.
 */
export function DueBadge({ nextWateringDate }: { nextWateringDate?: string | null }) {
  const today = useToday();
  const state = dueState(nextWateringDate, today);
  if (!state) return null;
  return <Badge tone={dueTone(state.kind)}>{state.label}</Badge>;
}
