import type { Duty, DutyMode, DutyPeriodLength } from '@model/duty';
import { AWAY_MAX_DAYS_AHEAD } from '@model/duty';
import type { Household } from '@model/household';
import { addDays, utcToday } from '@model/schedule';
import { useId, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { TextField } from '@/components/ui/form-fields';
import { formatLongDate, formatMediumDate } from '@/lib/dates';
import { changed } from '@/lib/server-changes';
import { DUTY_PATH } from '../api/get-duty';
import { endAway, markAway } from '../api/mark-away';
import { updateDuty } from '../api/update-duty';
import { cardClass, primaryClass, secondaryClass, useHouseholdChange } from '../lib/household-ui';

const reread = () => changed({ reread: [DUTY_PATH] });
const PERIOD_WORDS: Record<DutyPeriodLength, string> = { day: 'day', week: 'week' };

/**
 * The household's rota: whose turn it is now and for the next 8 periods, who is away, "I'm away"
 * for everyone, and for the owner the rota itself (everyone or turns, day or week, who and in which
 * order, from when). The server decides; each change is followed by a new read of the rota.
 */
export function RotaPanel({ household, duty, myUid }: { household: Household; duty: Duty; myUid?: string }) {
  const headingId = useId();
  const { failure, attempt } = useHouseholdChange(reread);
  const nameOf = (uid: string) => household.members.find((m) => m.uid === uid)?.displayName ?? 'Someone who left';
  const mine = duty.away.find((span) => span.uid === myUid);

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
        Whose turn it is
      </h2>
      {failure && (
        <div className="mt-3">
          <Banner tone="error">{failure}</Banner>
        </div>
      )}
      {duty.mode === 'everyone' ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300">
          Everyone looks after every shared plant: each job is everyone&apos;s.
        </p>
      ) : (
        <>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            Turns by the {PERIOD_WORDS[duty.period]}: {duty.rotation.map(nameOf).join(', then ')}.
            {duty.today && (
              <>
                {' '}
                On duty today: <strong>{duty.today.uid === myUid ? 'you' : duty.today.displayName}</strong>.
              </>
            )}
          </p>
          <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
            The next {duty.weeks.length} {duty.period === 'week' ? 'weeks' : 'days'}
          </h3>
          <ul className="mt-2 space-y-1 text-slate-900 dark:text-white">
            {duty.weeks.map((period) => (
              <li key={period.from} className="break-words">
                {period.from === period.until
                  ? formatMediumDate(period.from)
                  : `${formatMediumDate(period.from)} to ${formatMediumDate(period.until)}`}
                : {period.uid === myUid ? 'you' : period.displayName}
              </li>
            ))}
          </ul>
        </>
      )}
      {duty.away.length > 0 && (
        <ul className="mt-4 space-y-2">
          {duty.away.map((span) => (
            <li key={span.uid} className="flex flex-wrap items-center gap-3 text-slate-900 dark:text-white">
              <span className="break-words">
                {span.uid === myUid ? 'You are' : `${nameOf(span.uid)} is`} away from {formatLongDate(span.from)} to{' '}
                {formatLongDate(span.until)}.
              </span>
              {(span.uid === myUid || household.role === 'owner') && (
                <button
                  type="button"
                  className={secondaryClass}
                  onClick={() =>
                    void attempt(
                      () => endAway(span.uid),
                      span.uid === myUid ? 'Welcome back: your turns are yours again.' : `${nameOf(span.uid)} is back.`,
                      'That could not be changed. Please try again.',
                    )
                  }
                >
                  {span.uid === myUid ? "I'm back" : `${nameOf(span.uid)} is back`}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!mine && (
        <AwayForm
          onSave={(from, until) =>
            attempt(
              () => markAway({ from, until }),
              awaySaved(from, until),
              'Your dates could not be saved. Please try again.',
            )
          }
        />
      )}
      {household.role === 'owner' && <RotaForm household={household} duty={duty} onSave={attempt} />}
    </section>
  );
}

const awaySaved = (from: string, until: string) =>
  `You are away from ${formatLongDate(from)} to ${formatLongDate(until)}: your turns pass to the next person.`;

/** "I'm away": two dates, from today to a year ahead. */
function AwayForm({ onSave }: { onSave: (from: string, until: string) => Promise<boolean> }) {
  const today = utcToday();
  const [from, setFrom] = useState(today);
  const [until, setUntil] = useState(today);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await onSave(from, until);
    setBusy(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-5 space-y-3" aria-label="I'm away">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
        I&apos;m away
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="First day away"
          type="date"
          required
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label="Last day away"
          type="date"
          required
          min={from > today ? from : today}
          max={addDays(today, AWAY_MAX_DAYS_AHEAD)}
          value={until}
          onChange={(event) => setUntil(event.target.value)}
        />
      </div>
      <button type="submit" className={secondaryClass} disabled={busy} aria-busy={busy}>
        Save my dates away
      </button>
    </form>
  );
}

/** The owner's rota: everyone or turns, by day or week, who in which order, from when. */
function RotaForm({
  household,
  duty,
  onSave,
}: {
  household: Household;
  duty: Duty;
  onSave: (send: () => Promise<unknown>, success: string, fallback: string) => Promise<boolean>;
}) {
  const candidates = household.members.filter((member) => member.role !== 'sitter');
  const [mode, setMode] = useState<DutyMode>(duty.mode);
  const [period, setPeriod] = useState<DutyPeriodLength>(duty.period);
  const [startsOn, setStartsOn] = useState(duty.startsOn);
  const [order, setOrder] = useState<string[]>(duty.rotation);
  const [busy, setBusy] = useState(false);
  const nameOf = (uid: string) => candidates.find((m) => m.uid === uid)?.displayName ?? uid;
  const move = (index: number, by: number) => {
    const next = [...order];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    setOrder(next);
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await onSave(
      () => updateDuty({ mode, period, startsOn, ...(order.length ? { rotation: order } : {}) }),
      mode === 'everyone' ? 'Everyone looks after every shared plant now.' : 'The rota is saved.',
      'The rota could not be saved. Please try again.',
    );
    setBusy(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-4" aria-label="Change the rota">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
        Change the rota
      </h3>
      <fieldset>
        <legend className="font-semibold text-slate-900 dark:text-white">Who looks after the shared plants</legend>
        {(
          [
            ['everyone', 'Everyone, every job'],
            ['rotation', 'One person at a time, taking turns'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="mt-1 flex items-center gap-2 text-slate-900 dark:text-white">
            <input type="radio" name="mode" checked={mode === value} onChange={() => setMode(value)} />
            {label}
          </label>
        ))}
      </fieldset>
      {mode === 'rotation' && (
        <>
          <fieldset>
            <legend className="font-semibold text-slate-900 dark:text-white">A turn lasts</legend>
            {(['day', 'week'] as const).map((value) => (
              <label key={value} className="mt-1 flex items-center gap-2 text-slate-900 dark:text-white">
                <input type="radio" name="period" checked={period === value} onChange={() => setPeriod(value)} />a{' '}
                {value}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="font-semibold text-slate-900 dark:text-white">Who takes turns, in this order</legend>
            <ul className="mt-1 space-y-2">
              {candidates.map((member) => {
                const at = order.indexOf(member.uid);
                return (
                  <li key={member.uid} className="flex flex-wrap items-center gap-2 text-slate-900 dark:text-white">
                    <label className="flex min-w-0 items-center gap-2 break-words">
                      <input
                        type="checkbox"
                        checked={at >= 0}
                        onChange={(event) =>
                          setOrder(
                            event.target.checked ? [...order, member.uid] : order.filter((uid) => uid !== member.uid),
                          )
                        }
                      />
                      {at >= 0 ? `${at + 1}. ` : ''}
                      {member.displayName}
                    </label>
                    {at > 0 && (
                      <button type="button" className={secondaryClass} onClick={() => move(at, -1)}>
                        Move {nameOf(member.uid)} up
                      </button>
                    )}
                    {at >= 0 && at < order.length - 1 && (
                      <button type="button" className={secondaryClass} onClick={() => move(at, 1)}>
                        Move {nameOf(member.uid)} down
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <TextField
            label="Turns count from"
            type="date"
            required
            value={startsOn}
            onChange={(event) => setStartsOn(event.target.value)}
          />
        </>
      )}
      <button type="submit" className={primaryClass} disabled={busy} aria-busy={busy}>
        Save the rota
      </button>
    </form>
  );
}
