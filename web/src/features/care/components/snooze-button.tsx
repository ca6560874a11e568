import type { Plant } from '@model';
import { CARE_JOB_WORDS, type CareJob } from '@model/care-tasks';
import { useEffect, useId, useRef, useState } from 'react';
import { Stroke, type IconProps } from '@/components/ui/icons';
import { useDismiss } from '@/features/care/hooks/use-dismiss';

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

const daysText = (days: number) => (days === 1 ? '1 day' : `${days} days`);

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
  const { doing } = CARE_JOB_WORDS[job];
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

  const padding = size === 'small' ? 'px-3 py-1.5' : 'px-4 py-2';
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
        className={`inline-flex items-center justify-center gap-1.5 rounded-lg bg-white text-sm font-semibold text-slate-900 ring-1 ring-slate-400 transition-colors hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-70 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800 ${padding}`}
      >
        {busy ? (
          <span
            aria-hidden="true"
            className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent motion-reduce:animate-none"
          />
        ) : (
          <ClockIcon size={16} />
        )}
        Snooze{' '}
        <span className="sr-only">
          {doing} of {plant.plantName}
        </span>
      </button>
      {open && (
        <div
          id={panelId}
          role="group"
          aria-label={`Snooze ${doing} of ${plant.plantName} for`}
          className={`absolute top-full z-30 mt-2 flex w-36 flex-col gap-1 rounded-xl bg-white p-2 shadow-xl ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700 ${align === 'right' ? 'right-0' : 'left-0'}`}
        >
          <p aria-hidden="true" className="px-2 pt-1 pb-0.5 text-xs font-semibold text-slate-700 dark:text-slate-300">
            Snooze for
          </p>
          {SNOOZE_CHOICES.map((days, index) => (
            <button
              key={days}
              ref={index === 0 ? first : undefined}
              type="button"
              onClick={() => choose(days)}
              className="rounded-lg px-3 py-1.5 text-left text-sm font-semibold text-slate-900 hover:bg-leaf-50 dark:text-slate-100 dark:hover:bg-slate-800"
            >
              {daysText(days)}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
