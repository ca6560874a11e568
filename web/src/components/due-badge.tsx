import { dueState, dueTone } from '@model/schedule';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useToday } from '../lib/use-today';

// English writes the days as it always has (1000, not 1,000); a translation counts them with #.
const messages = defineMessages({
  due: {
    id: 'ui.due',
    message:
      '{kind, select, overdue {Overdue by {days, plural, one {{days} day} other {{days} days}}} today {Due today} tomorrow {Due tomorrow} other {Due in {days, plural, one {{days} day} other {{days} days}}}}',
  },
});

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
  return <Badge tone={dueTone(state.kind)}>{t(messages.due, { kind: state.kind, days: Math.abs(state.days) })}</Badge>;
}
