import type { ActivityEvent } from '@model';

const VERBS: Record<string, string> = {
  added: 'Added',
  updated: 'Updated',
  deleted: 'Deleted',
  watered: 'Watered',
};

/** "Added Sweet Basil"; a kind this build does not know yet still reads as a change. */
export function activityText(event: Pick<ActivityEvent, 'type' | 'plantName'>): string {
  return `${VERBS[event.type] ?? 'Changed'} ${event.plantName}`;
}
