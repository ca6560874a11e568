import { careTone, healthTone } from '@model/care';
import { Badge } from '@/components/ui/badge';
import { useT } from '@/lib/i18n/i18n';
import { careLevelWord, healthWord } from '@/lib/plant-status-words';

/** Health status badge: healthy green, needs care/attention yellow, critical red, else grey. */
export function HealthBadge({ status }: { status: string }) {
  const t = useT();
  return <Badge tone={healthTone(status)}>{healthWord(status, t)}</Badge>;
}

/** Care level badge: easy green, moderate yellow, anything else red. */
export function CareLevelBadge({ level }: { level: string }) {
  const t = useT();
  return <Badge tone={careTone(level)}>{careLevelWord(level, t)}</Badge>;
}
