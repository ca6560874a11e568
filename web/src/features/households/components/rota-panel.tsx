import type { Duty, DutyMode, DutyPeriodLength } from '@model/duty';
import { AWAY_MAX_DAYS_AHEAD } from '@model/duty';
import type { Household } from '@model/household';
import { addDays, utcToday } from '@model/schedule';
import { useId, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { TextField } from '@/components/ui/form-fields';
import { formatLongDate, formatMediumDate } from '@/lib/dates';
import { useT, type translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { changed } from '@/lib/server-changes';
import { DUTY_PATH } from '../api/get-duty';
import { endAway, markAway } from '../api/mark-away';
import { updateDuty } from '../api/update-duty';
import { cardClass, primaryClass, secondaryClass, useHouseholdChange } from '../lib/household-ui';
import { fillSlots, slot } from '@/lib/i18n/fill-slots';

// {period} is day or week.
const messages = defineMessages({
  someoneWhoLeft: { id: 'households.rota.someoneWhoLeft', message: 'Someone who left' },
  heading: { id: 'households.rota.heading', message: 'Whose turn it is' },
  everyone: {
    id: 'households.rota.everyone',
    message: "Everyone looks after every shared plant: each job is everyone's.",
  },
  turns: {
    id: 'households.rota.turns',
    message: 'Turns by the {period, select, day {day} other {week}}: {names}.',
  },
  // The people of a rotation in their order: "Ana, then Me, then Bo".
  then: { id: 'households.rota.then', message: '{before}, then {after}' },
  // {name} is the person on duty, or "you" (households.rota.you).
  onDuty: { id: 'households.rota.onDuty', message: 'On duty today: {name}.' },
  you: { id: 'households.rota.you', message: 'you' },
  next: {
    id: 'households.rota.next',
    message:
      '{period, select, day {The next {count, plural, one {# day} other {# days}}} other {The next {count, plural, one {# week} other {# weeks}}}}',
  },
  range: { id: 'households.rota.range', message: '{from} to {until}' },
  periodYou: { id: 'households.rota.periodYou', message: '{period}: you' },
  periodName: { id: 'households.rota.periodName', message: '{period}: {name}' },
  youAway: { id: 'households.rota.youAway', message: 'You are away from {from} to {until}.' },
  nameAway: { id: 'households.rota.nameAway', message: '{name} is away from {from} to {until}.' },
  welcomeBack: { id: 'households.rota.welcomeBack', message: 'Welcome back: your turns are yours again.' },
  nameBack: { id: 'households.rota.nameBack', message: '{name} is back.' },
  notChanged: { id: 'households.rota.notChanged', message: 'That could not be changed. Please try again.' },
  imBack: { id: 'households.rota.imBack', message: "I'm back" },
  nameIsBack: { id: 'households.rota.nameIsBack', message: '{name} is back' },
  awayNotSaved: { id: 'households.rota.awayNotSaved', message: 'Your dates could not be saved. Please try again.' },
  awaySaved: {
    id: 'households.rota.awaySaved',
    message: 'You are away from {from} to {until}: your turns pass to the next person.',
  },
  imAway: { id: 'households.rota.imAway', message: "I'm away" },
  firstDay: { id: 'households.rota.firstDay', message: 'First day away' },
  lastDay: { id: 'households.rota.lastDay', message: 'Last day away' },
  saveAway: { id: 'households.rota.saveAway', message: 'Save my dates away' },
  everyoneSaved: { id: 'households.rota.everyoneSaved', message: 'Everyone looks after every shared plant now.' },
  saved: { id: 'households.rota.saved', message: 'The rota is saved.' },
  notSaved: { id: 'households.rota.notSaved', message: 'The rota could not be saved. Please try again.' },
  change: { id: 'households.rota.change', message: 'Change the rota' },
  who: { id: 'households.rota.who', message: 'Who looks after the shared plants' },
  modeEveryone: { id: 'households.rota.modeEveryone', message: 'Everyone, every job' },
  modeRotation: { id: 'households.rota.modeRotation', message: 'One person at a time, taking turns' },
  turnLasts: { id: 'households.rota.turnLasts', message: 'A turn lasts' },
  aPeriod: { id: 'households.rota.aPeriod', message: '{period, select, day {a day} other {a week}}' },
  order: { id: 'households.rota.order', message: 'Who takes turns, in this order' },
  up: { id: 'households.rota.up', message: 'Move {name} up' },
  down: { id: 'households.rota.down', message: 'Move {name} down' },
  countFrom: { id: 'households.rota.countFrom', message: 'Turns count from' },
  save: { id: 'households.rota.save', message: 'Save the rota' },
});

const reread = () => changed({ reread: [DUTY_PATH] });

/**
 * The household's rota: whose turn it is now and for the next 8 periods, who is away, "I'm away"
 * for everyone, and for the owner the rota itself (everyone or turns, day or week, who and in which
 * order, from when). The server decides; each change is followed by a new read of the rota.
 */
export function RotaPanel({ household, duty, myUid }: { household: Household; duty: Duty; myUid?: string }) {
  const headingId = useId();
  const { failure, attempt } = useHouseholdChange(reread);
  const t = useT();
  const nameOf = (uid: string) =>
    household.members.find((m) => m.uid === uid)?.displayName ?? t(messages.someoneWhoLeft);
  const mine = duty.away.find((span) => span.uid === myUid);
  const [first = '', ...rest] = duty.rotation.map(nameOf);
  const names = rest.reduce((before, after) => t(messages.then, { before, after }), first);

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-xl font-semibold text-slate-900 dark:text-white">
        {t(messages.heading)}
      </h2>
      {failure && (
        <div className="mt-3">
          <Banner tone="error">{failure}</Banner>
        </div>
      )}
      {duty.mode === 'everyone' ? (
        <p className="mt-1 text-slate-700 dark:text-slate-300">{t(messages.everyone)}</p>
      ) : (
        <>
          <p className="mt-1 text-slate-700 dark:text-slate-300">
            {t(messages.turns, { period: duty.period, names })}
            {duty.today && (
              <>
                {' '}
                {fillSlots(t(messages.onDuty, { name: slot(0) }), [
                  <strong key="onDuty">{duty.today.uid === myUid ? t(messages.you) : duty.today.displayName}</strong>,
                ])}
              </>
            )}
          </p>
          <h3 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
            {t(messages.next, { period: duty.period, count: duty.weeks.length })}
          </h3>
          <ul className="mt-2 space-y-1 text-slate-900 dark:text-white">
            {duty.weeks.map((period) => {
              const when =
                period.from === period.until
                  ? formatMediumDate(period.from)
                  : t(messages.range, { from: formatMediumDate(period.from), until: formatMediumDate(period.until) });
              return (
                <li key={period.from} className="break-words">
                  {period.uid === myUid
                    ? t(messages.periodYou, { period: when })
                    : t(messages.periodName, { period: when, name: period.displayName })}
                </li>
              );
            })}
          </ul>
        </>
      )}
      {duty.away.length > 0 && (
        <ul className="mt-4 space-y-2">
          {duty.away.map((span) => (
            <li key={span.uid} className="flex flex-wrap items-center gap-3 text-slate-900 dark:text-white">
              <span className="break-words">
                {span.uid === myUid
                  ? t(messages.youAway, { from: formatLongDate(span.from), until: formatLongDate(span.until) })
                  : t(messages.nameAway, {
                      name: nameOf(span.uid),
                      from: formatLongDate(span.from),
                      until: formatLongDate(span.until),
                    })}
              </span>
              {(span.uid === myUid || household.role === 'owner') && (
                <button
                  type="button"
                  className={secondaryClass}
                  onClick={() =>
                    void attempt(
                      () => endAway(span.uid),
                      span.uid === myUid ? t(messages.welcomeBack) : t(messages.nameBack, { name: nameOf(span.uid) }),
                      t(messages.notChanged),
                    )
                  }
                >
                  {span.uid === myUid ? t(messages.imBack) : t(messages.nameIsBack, { name: nameOf(span.uid) })}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {!mine && (
        <AwayForm
          onSave={(from, until) =>
            attempt(() => markAway({ from, until }), awaySaved(t, from, until), t(messages.awayNotSaved))
          }
        />
      )}
      {household.role === 'owner' && <RotaForm household={household} duty={duty} onSave={attempt} />}
    </section>
  );
}

const awaySaved = (t: typeof translate, from: string, until: string) =>
  t(messages.awaySaved, { from: formatLongDate(from), until: formatLongDate(until) });

/** "I'm away": two dates, from today to a year ahead. */
function AwayForm({ onSave }: { onSave: (from: string, until: string) => Promise<boolean> }) {
  const today = utcToday();
  const t = useT();
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
    <form onSubmit={(event) => void submit(event)} className="mt-5 space-y-3" aria-label={t(messages.imAway)}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
        {t(messages.imAway)}
      </h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label={t(messages.firstDay)}
          type="date"
          required
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
        <TextField
          label={t(messages.lastDay)}
          type="date"
          required
          min={from > today ? from : today}
          max={addDays(today, AWAY_MAX_DAYS_AHEAD)}
          value={until}
          onChange={(event) => setUntil(event.target.value)}
        />
      </div>
      <button type="submit" className={secondaryClass} disabled={busy} aria-busy={busy}>
        {t(messages.saveAway)}
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
  const t = useT();
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
      t(mode === 'everyone' ? messages.everyoneSaved : messages.saved),
      t(messages.notSaved),
    );
    setBusy(false);
  };
  return (
    <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-4" aria-label={t(messages.change)}>
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300">
        {t(messages.change)}
      </h3>
      <fieldset>
        <legend className="font-semibold text-slate-900 dark:text-white">{t(messages.who)}</legend>
        {(
          [
            ['everyone', messages.modeEveryone],
            ['rotation', messages.modeRotation],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="mt-1 flex items-center gap-2 text-slate-900 dark:text-white">
            <input type="radio" name="mode" checked={mode === value} onChange={() => setMode(value)} />
            {t(label)}
          </label>
        ))}
      </fieldset>
      {mode === 'rotation' && (
        <>
          <fieldset>
            <legend className="font-semibold text-slate-900 dark:text-white">{t(messages.turnLasts)}</legend>
            {(['day', 'week'] as const).map((value) => (
              <label key={value} className="mt-1 flex items-center gap-2 text-slate-900 dark:text-white">
                <input type="radio" name="period" checked={period === value} onChange={() => setPeriod(value)} />
                {t(messages.aPeriod, { period: value })}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend className="font-semibold text-slate-900 dark:text-white">{t(messages.order)}</legend>
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
                        {t(messages.up, { name: nameOf(member.uid) })}
                      </button>
                    )}
                    {at >= 0 && at < order.length - 1 && (
                      <button type="button" className={secondaryClass} onClick={() => move(at, 1)}>
                        {t(messages.down, { name: nameOf(member.uid) })}
                      </button>
                    )}
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <TextField
            label={t(messages.countFrom)}
            type="date"
            required
            value={startsOn}
            onChange={(event) => setStartsOn(event.target.value)}
          />
        </>
      )}
      <button type="submit" className={primaryClass} disabled={busy} aria-busy={busy}>
        {t(messages.save)}
      </button>
    </form>
  );
}
