/** Care rules (care-level rank, bar width, tones, what counts as healthy), shared by every screen that shows them. */

/** All Plants' care-level sort: difficult 1, easy 2, moderate 3, anything else 4. */
export function careLevelRank(level: string | null | undefined): number {
  switch (level?.toLowerCase()) {
    case 'difficult':
      return 1;
    case 'easy':
      return 2;
    case 'moderate':
      return 3;
    default:
      return 4;
  }
}

/** 'Healthy' counts as healthy; any other status needs care. */
export function isHealthy(status: string | null | undefined): boolean {
  return status === 'Healthy';
}

export type Tone = 'green' | 'yellow' | 'red' | 'grey';

/** Health badge colour, case-insensitive: healthy green, needs attention yellow, critical red, else grey. */
export function healthTone(status: string | null | undefined): Tone {
  const value = status?.trim().toLowerCase() ?? '';
  if (value === 'healthy') return 'green';
  if (value === 'needs care' || value === 'needs attention') return 'yellow';
  if (value === 'critical') return 'red';
  return 'grey';
}

/** Care-level colour: easy green, moderate yellow, difficult (and, on All Plants, anything else) red. */
export function careTone(level: string | null | undefined): Tone {
  const value = level?.toLowerCase();
  if (value === 'easy') return 'green';
  if (value === 'moderate') return 'yellow';
  return 'red';
}

/** My Items' care-level bar: easy 30%, moderate 60%, anything else 90%. */
export function careBarWidth(level: string | null | undefined): number {
  const value = level?.toLowerCase();
  if (value === 'easy') return 30;
  if (value === 'moderate') return 60;
  return 90;
}
