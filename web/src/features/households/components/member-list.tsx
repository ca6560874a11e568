import type { Household, HouseholdMember } from '@model/household';
import { SITTER_MAX_DAYS_AHEAD } from '@model/household';
import { addDays, utcToday } from '@model/schedule';
import { useState, type FormEvent } from 'react';
import { TextField } from '@/components/ui/form-fields';
import { formatLongDate } from '@/lib/dates';
import { dangerClass, secondaryClass } from '../lib/household-ui';

const ROLE_NAMES = { owner: 'Owner', member: 'Member', sitter: 'Sitter' } as const;

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
  return (
    <ul className="divide-y divide-slate-200 dark:divide-slate-800">
      {household.members.map((member) => (
        <li key={member.uid} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="min-w-0">
            <p className="break-words font-semibold text-slate-900 dark:text-white">
              {member.displayName}
              {member.uid === myUid && <span className="font-normal text-slate-700 dark:text-slate-300"> (you)</span>}
            </p>
            <p className="text-sm text-slate-700 dark:text-slate-300">
              {ROLE_NAMES[member.role]}
              {member.until &&
                (member.until < today
                  ? `, ended ${formatLongDate(member.until)}`
                  : `, until ${formatLongDate(member.until)}`)}
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
  const name = <span className="sr-only"> {member.displayName}</span>;

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
            Change date{name}
          </button>
        )}
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => actions.makeOwner(member))}
          className={secondaryClass}
        >
          Make owner{name}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => void run(() => actions.remove(member))}
          className={dangerClass}
        >
          Remove{name}
        </button>
      </div>
      {editing && (
        <form onSubmit={saveUntil} noValidate className="flex flex-wrap items-end gap-2">
          <TextField
            label={`${member.displayName} is a sitter until`}
            type="date"
            required
            min={today}
            max={lastDay}
            value={until}
            disabled={busy}
            onChange={(event) => setUntil(event.target.value)}
          />
          <button type="submit" disabled={busy} className={secondaryClass}>
            Save date
          </button>
        </form>
      )}
    </div>
  );
}
