import { Stroke, type IconProps } from '@/components/ui/icons';

/** Watering's icons, in the app's icon frame (decorative: the control carries the name). */
export const DropIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M12 2.7s-6 6.6-6 11.3a6 6 0 0012 0c0-4.7-6-11.3-6-11.3z" />
  </Stroke>
);
export const CalendarIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="3" y="4" width="18" height="18" rx="2" />
    <path d="M16 2v4M8 2v4M3 10h18" />
  </Stroke>
);
