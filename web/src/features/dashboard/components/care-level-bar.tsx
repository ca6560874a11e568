import { careBarWidth, careTone, type Tone } from '@model/care';
import { CareLevelBadge } from '@/components/plant-badges';

const greenClass = 'bg-green-600 dark:bg-green-500';
const yellowClass = 'bg-amber-500 dark:bg-amber-400';
const redClass = 'bg-red-600 dark:bg-red-500';
const greyClass = 'bg-slate-500';
const BAR_COLOURS: Record<Tone, string> = { green: greenClass, yellow: yellowClass, red: redClass, grey: greyClass };

/**
 * My Items' care level: the badge, and a bar 30 % (easy), 60 % (moderate) or 90 % (anything else)
 * full. The bar repeats the badge for the eye, so it is hidden from screen readers.
 */
export function CareLevelBar({ level }: { level: string }) {
  const width = careBarWidth(level);
  return (
    <div className="flex items-center gap-3">
      <CareLevelBadge level={level} />
      <div aria-hidden="true" className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200 dark:bg-slate-700">
        <div
          data-testid="care-bar"
          className={`h-full rounded-full ${BAR_COLOURS[careTone(level)]}`}
          style={{ width: `${width}%` }}
        />
      </div>
    </div>
  );
}
