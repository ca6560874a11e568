import type { StatFigure } from '@model/stats.model';
import { useId, type ComponentType, type SVGProps } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { formatCount } from '@/lib/text';
import { TrendDownIcon, TrendFlatIcon, TrendUpIcon } from '@/components/ui/dashboard-icons';

const messages = defineMessages({
  outOf: { id: 'dashboard.stat.outOf', message: 'of {count}' },
  trend: {
    id: 'dashboard.stat.trend',
    message:
      '{direction, select, up {+{percent}% from last week} down {-{percent}% from last week} other {No change from last week}}',
  },
});

const TREND_STYLE = {
  up: { icon: TrendUpIcon, className: 'text-green-800 dark:text-green-300' },
  down: { icon: TrendDownIcon, className: 'text-red-700 dark:text-red-300' },
  flat: { icon: TrendFlatIcon, className: 'text-slate-700 dark:text-slate-300' },
} as const;

export interface StatCardProps {
  label: string;
  icon: ComponentType<SVGProps<SVGSVGElement> & { size?: number }>;
  /** Undefined while loading: the card keeps its final size, with placeholders. */
  figure?: StatFigure;
  /** Out of how many (Categories: of 8). */
  outOf?: number;
}

/** One Overview figure: its value and the trend line '+N% from last week' (and friends), in the app's language. */
export function StatCard({ label, icon: Icon, figure, outOf }: StatCardProps) {
  const labelId = useId();
  const t = useT();
  const trend = figure && TREND_STYLE[figure.trend.direction];
  return (
    <article
      aria-labelledby={labelId}
      className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800"
    >
      <div className="flex items-center justify-between gap-3">
        <h2 id={labelId} className="text-sm font-semibold text-slate-700 dark:text-slate-300">
          {label}
        </h2>
        <span className="rounded-lg bg-leaf-50 p-2 text-leaf-800 dark:bg-leaf-900 dark:text-leaf-50">
          <Icon size={20} />
        </span>
      </div>
      {/* Fixed line heights: the placeholders and the numbers take exactly the same room. */}
      <p className="mt-2 flex h-10 items-baseline gap-1.5 text-3xl font-bold leading-10 text-slate-900 dark:text-white">
        {figure ? (
          <>
            {formatCount(figure.value)}
            {outOf !== undefined && (
              <span className="text-base font-medium text-slate-700 dark:text-slate-300">
                {t(messages.outOf, { count: outOf })}
              </span>
            )}
          </>
        ) : (
          <span className="h-8 w-16 self-center animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
        )}
      </p>
      <p className={`mt-1 flex h-5 items-center gap-1.5 text-sm font-medium leading-5 ${trend?.className ?? ''}`}>
        {figure && trend ? (
          <>
            <trend.icon size={16} />
            {t(messages.trend, { direction: figure.trend.direction, percent: figure.trend.percent })}
          </>
        ) : (
          <span className="h-4 w-36 animate-pulse rounded bg-slate-200 motion-reduce:animate-none dark:bg-slate-800" />
        )}
      </p>
    </article>
  );
}
