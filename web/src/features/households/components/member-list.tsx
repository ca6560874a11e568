import type { Household, HouseholdMember } from '@model/household';
import { SITTER_MAX_DAYS_AHEAD } from '@model/household';
import { addDays, utcToday } from '@model/schedule';
import { Fragment, useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form-fields';
import { formatLongDate } from '@/lib/dates';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages, type Message } from '@/lib/i18n/messages';
import { dangerClass, secondaryClass } from '../lib/household-ui';
import { fillSlots, slot } from '@/lib/i18n/fill-slots';

const messages = defineMessages({
  you: { id: 'households.members.you', message: '(you)' },
  role: {
    id: 'households.members.role',
    message: '{role, select, owner {Owner} member {Member} other {Sitter}}',
  },
  ended: {
    id: 'households.members.ended',
    message: '{role, select, owner {Owner} member {Member} other {Sitter}}, ended {date}',
  },
  until: {
    id: 'households.members.until',
    message: '{role, select, owner {Owner} member {Member} other {Sitter}}, until {date}',
  },
  // {name} is the person's name, heard by screen readers only (the buttons show the action alone).
  changeDate: { id: 'households.members.changeDate', message: 'Change date{name}' },
  makeOwner: { id: 'households.members.makeOwner', message: 'Make owner{name}' },
  remove: { id: 'households.members.remove', message: 'Remove{name}' },
  sitterUntil: { id: 'households.members.sitterUntil', message: '{name} is a sitter until' },
  saveDate: { id: 'households.members.saveDate', message: 'Save date' },
});

export interface MemberActions {
  /** Each resolves once the change is done (or refused, with its sentence shown). */
  remove: (member: HouseholdMember) => Promise<void>;
  makeOwner: (member: HouseholdMember) => Promise<void>;
  changeUntil: (member: HouseholdMember, until: string) => Promise<void>;
}

/** The people of a household: name, role, a sitter's last day; the owner's actions on each other person. */
export function MemberList({
  household,
  myUid,
  actions,
}: {
  household: Household;
  myUid?: string;
  actions: MemberActions;
}) {
  const today = utcToday();
  const t = useT();
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {household.members.map((member) => (
        <li key={member.uid} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="break-words font-semibold text-slate-900 dark:text-white">
              {member.displayName}
              {member.uid === myUid && (
                <span className="font-normal text-slate-700 dark:text-slate-300"> {t(messages.you)}</span>
              )}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {member.until
                ? t(member.until < today ? messages.ended : messages.until, {
                    role: member.role,
                    date: formatLongDate(member.until),
                  })
                : t(messages.role, { role: member.role })}
            </p>
          </div>
          {household.role === 'owner' && member.uid !== myUid && member.role !== 'owner' && (
            <OwnerActions member={member} actions={actions} />
          )}
        </li>
      ))}
    </ul>
  );
}

function OwnerActions({ member, actions }: { member: HouseholdMember; actions: MemberActions }) {
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState(false);
  const today = utcToday();
  const lastDay = addDays(today, SITTER_MAX_DAYS_AHEAD);
  const [until, setUntil] = useState(member.until && member.until >= today ? member.until : today);
  const t = useT();
  // The action, then the person's name for screen readers; the space outside the hidden span, as
  // an accessible name trims the span's own text.
  const named = (message: Message) =>
    fillSlots(t(message, { name: slot(0) }), [
      <Fragment key="name">
        {' '}
        <span className="sr-only">{member.displayName}</span>
      </Fragment>,
    ]);

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
    } finally {
      setBusy(false);
    }
  };

  const saveUntil = (event: FormEvent) => {
    event.preventDefault();
    void run(async () => {
      await actions.changeUntil(member, until);
      setEditing(false);
    });
  };

  return (
    <div className="flex flex-col gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2">
        {member.role === 'sitter' && (
          <button
            type="button"
            disabled={busy}
            aria-expanded={editing}
            onClick={() => setEditing(!editing)}
            className={secondaryClass}
          >
            {named(messages.changeDate)}
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => actions.makeOwner(member))}
          className={secondaryClass}
        >
          {named(messages.makeOwner)}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => actions.remove(member))}
          className={dangerClass}
        >
          {named(messages.remove)}
        </button>
      </div>
      {editing && (
        <form onSubmit={saveUntil} noValidate className="flex flex-wrap items-end gap-2">
          <TextField
            label={t(messages.sitterUntil, { name: member.displayName })}
            type="date"
            required
            min={today}
            max={lastDay}
            value={until}
            disabled={busy}
            onChange={(event) => setUntil(event.target.value)}
          />
          <button type="submit" disabled={busy} className={secondaryClass}>
            {t(messages.saveDate)}
          </button>
        </form>
      )}
    </div>
  );
}
