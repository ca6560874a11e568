import { Stroke, type IconProps } from '@/components/ui/icons';

/** Watering's icons, in the app's icon frame (decorative: the control carries the name). */
export const DropIcon = (p: IconProps) => <Stroke {...p}><path d="M12 2.7s-6 6.6-6 11.3a6 6 0 0012 0c0-4.7-6-11.3-6-11.3z" /></Stroke>;
export const CalendarIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </Stroke>
);
export const SunriseIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M17 18a5 5 0 00-10 0M12 2v7M4.2 10.2l1.4 1.4M1 18h2M21 18h2M18.4 11.6l1.4-1.4M23 22H1M8 6l4-4 4 4" />
  </Stroke>
);
