import type { Plant } from '@model';
import type { CareJob } from '@model/care-tasks';
import { useEffect, useId, useRef, useState } from 'react';
import { Stroke, type IconProps } from '@/components/ui/icons';
import { useDismiss } from '@/features/care/hooks/use-dismiss';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';

/** How far a snooze moves a job: the few choices people make (the API takes 1 to 14 days). */
const SNOOZE_CHOICES = [1, 2, 3, 7] as const;

const ClockIcon = (p: IconProps) => (
  <Stroke {...p}>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 7v5l3 2" />
  </Stroke>
);

export interface SnoozeButtonProps {
  plant: Pick<Plant, '_id' | 'plantName'>;
  job: CareJob;
  /** Moves the job `days` later. */
  onSnooze: (days: number) => void | Promise<unknown>;
  busy?: boolean;
  /** Which edge the choices line up with: the right for a control near the right edge. */
  align?: 'left' | 'right';
  /** 'small' in dense lists. */
  size?: 'small' | 'normal';
}

/* In the jobs' selects `other` is misting: ICU asks for an `other`, and the jobs are CARE_JOBS. */
const messages = defineMessages({
  snooze: { id: 'care.snooze.button', message: 'Snooze' },
  what: {
    id: 'care.snooze.what',
    message:
      '{job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} of {plant}',
  },
  group: {
    id: 'care.snooze.group',
    message:
      'Snooze {job, select, water {watering} fertilize {fertilizing} repot {repotting} prune {pruning} other {misting}} of {plant} for',
  },
  snoozeFor: { id: 'care.snooze.for', message: 'Snooze for' },
  days: { id: 'care.snooze.days', message: '{days, plural, one {{days} day} other {{days} days}}' },
});

/**
 * "Snooze" beside a due job's Done: opens a small set of choices (1, 2, 3 or 7 days); the job's
 * next date moves there without doing it. Its name says the job and the plant ("Snooze watering of
 * Aloe"), the choices are buttons in a group named for them, and Escape or a click elsewhere closes
 * them, focus back on Snooze.
 */
export function SnoozeButton({
  plant,
  job,
  onSnooze,
  busy = false,
  align = 'right',
  size = 'normal',
}: SnoozeButtonProps) {
  const t = useT();
  const panelId = useId();
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const first = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) first.current?.focus();
  }, [open]);
  useDismiss(open, wrapper, (byEscape) => {
    setOpen(false);
    if (byEscape) toggle.current?.focus();
  });

  const choose = (days: number) => {
    setOpen(false);
    toggle.current?.focus();
    void onSnooze(days);
  };

  const paddingClass = size === 'small' ? 'px-3 py-1.5' : 'px-4 py-2';
  return (
    <div ref={wrapper} className="relative inline-flex">
      <button
        ref={toggle}
        type="button"
        onClick={() => setOpen(!open)}
        disabled={busy}
        aria-busy={busy}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        className={`inline-flex items-center justify-center gap-1.5 rounded-lg bg-white text-sm font-semibold text-slate-900 ring-1 ring-slate-400 transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800 ${paddingClass}`}
      >
        {busy ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
          />
        ) : (
          <ClockIcon size={16} />
        )}
        {t(messages.snooze)} <span className="sr-only">{t(messages.what, { job, plant: plant.plantName })}</span>
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={t(messages.group, { job, plant: plant.plantName })}
          className={`absolute top-full z-30 mt-2 flex w-36 flex-col gap-1 rounded-xl bg-white p-2 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700 ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          <p aria-hidden="true" className="px-2 pt-1 pb-0.5 text-xs font-semibold text-slate-700 dark:text-slate-300">
            {t(messages.snoozeFor)}
          </p>
          {SNOOZE_CHOICES.map((days, index) => (
            <button
              key={days}
              ref={index === 0 ? first : undefined}
              type="button"
              onClick={() => choose(days)}
              className="rounded-lg px-3 py-1.5 text-left text-sm font-semibold text-slate-900 hover:bg-leaf-50 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              {t(messages.days, { days })}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
