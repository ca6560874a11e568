import { careTone, healthTone } from '@model/care';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

/*
 * A plant's health status and care level are the model's words (HEALTH_STATUSES, CARE_LEVELS),
 * shown in the app's language; a word the model does not have (older data) shows as it is stored.
 */
const messages = defineMessages({
  health: {
    id: 'ui.health',
    message: '{status, select, healthy {Healthy} needsCare {Needs Care} critical {Critical} other {{value}}}',
  },
  care: {
    id: 'ui.careLevel',
    message: '{level, select, easy {easy} moderate {moderate} difficult {difficult} other {{value}}}',
  },
});

/** The model's health statuses as the message's select names them. */
const HEALTH_KEYS: Record<string, string> = { Healthy: 'healthy', 'Needs Care': 'needsCare', Critical: 'critical' };
const CARE_KEYS: Record<string, string> = { easy: 'easy', moderate: 'moderate', difficult: 'difficult' };

/** Health status badge: healthy green, needs care/attention yellow, critical red, else grey. */
export function HealthBadge({ status }: { status: string }) {
  const t = useT();
  return (
    <Badge tone={healthTone(status)}>
      {t(messages.health, { status: HEALTH_KEYS[status] ?? 'other', value: status })}
    </Badge>
  );
}

/** Care level badge: easy green, moderate yellow, anything else red. */
export function CareLevelBadge({ level }: { level: string }) {
  const t = useT();
  return <Badge tone={careTone(level)}>{t(messages.care, { level: CARE_KEYS[level] ?? 'other', value: level })}</Badge>;
}
