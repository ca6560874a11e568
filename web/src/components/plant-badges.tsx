import { careTone, healthTone } from '@model/care';
import { Badge } from '@/components/ui/badge';

/** Health status badge: healthy green, needs care/attention yellow, critical red, else grey. */
export function HealthBadge({ status }: { status: string }) {
  return <Badge tone={healthTone(status)}>{status}</Badge>;
}

/** Care level badge: easy green, moderate yellow, anything else red. */
export function CareLevelBadge({ level }: { level: string }) {
  return <Badge tone={careTone(level)}>{level}</Badge>;
}
