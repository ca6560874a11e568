import type { ActivityEvent } from '@model';
import { translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

const messages = defineMessages({
  event: {
    id: 'dashboard.activity.event',
    message:
      '{type, select, added {Added {plant}} updated {Updated {plant}} deleted {Deleted {plant}} watered {Watered {plant}} other {Changed {plant}}}',
  },
});

/** The kinds of event this build names; a kind it does not know yet still reads as a change. */
const KINDS = new Set(['added', 'updated', 'deleted', 'watered']);

/** "Added Sweet Basil", in the app's language; a kind this build does not know yet still reads as a change. */
export function activityText(event: Pick<ActivityEvent, 'type' | 'plantName'>): string {
  return translate(messages.event, { type: KINDS.has(event.type) ? event.type : 'other', plant: event.plantName });
}
