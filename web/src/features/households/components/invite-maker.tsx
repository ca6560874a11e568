import type { CreatedInvite, InviteRole } from '@model/household';
import { SITTER_MAX_DAYS_AHEAD } from '@model/household';
import { addDays, utcToday } from '@model/schedule';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { ButtonSpinner, inputClass, TextField } from '@/components/ui/form-fields';
import { formatLongDate } from '@/lib/dates';
import { createInvite } from '../api/create-invite';
import { cardClass, primaryClass, useHouseholdError } from '../lib/household-ui';
import { copyLink } from '@/lib/copy-link';

export const COPIED_MESSAGE = 'Copied. Send the link to the person you invite.';

/**
 * The owner's "Invite someone": a one-time link for a member, or for a sitter until a day (from
 * today, UTC, as the server counts, to 90 days ahead), with Copy. The link is shown once: the
 * server keeps only its hash.
 */
export function InviteMaker({ onCreated }: { onCreated: () => void }) {
  const householdError = useHouseholdError();
  const [role, setRole] = useState<InviteRole>('member');
  const today = utcToday();
  const lastDay = addDays(today, SITTER_MAX_DAYS_AHEAD);
  const [until, setUntil] = useState(addDays(today, 7));
  const [untilError, setUntilError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [invite, setInvite] = useState<CreatedInvite | null>(null);
  const [notice, setNotice] = useState('');
  const linkRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const linkId = useId();

  const make = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setNotice('');
    if (role === 'sitter' && !(until >= today && until <= lastDay)) {
      setUntilError(`Choose a day from ${formatLongDate(today)} to ${formatLongDate(lastDay)}.`);
      return;
    }
    setUntilError(undefined);
    setBusy(true);
    try {
      setInvite(await createInvite(role === 'sitter' ? { role, until } : { role }));
      onCreated();
    } catch (error) {
      setFailure(householdError(error, 'The invite link could not be made. Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  const copy = async (url: string) => setNotice(await copyLink(url, linkRef, COPIED_MESSAGE));

  const radioClass = 'size-4 accent-leaf-700';
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        Invite someone
      </h2>
      <form onSubmit={(event) => void make(event)} noValidate aria-busy={busy} className="mt-3 space-y-4">
        <fieldset disabled={busy} className="space-y-4">
          <legend className="text-sm text-slate-700 dark:text-slate-300">
            A member looks after the shared plants with you; a sitter waters and notes until a day you choose.
          </legend>
          <div className="flex flex-wrap gap-x-6 gap-y-2 text-slate-900 dark:text-slate-100">
            {(['member', 'sitter'] as const).map((value) => (
              <label key={value} className="flex items-center gap-2 font-medium">
                <input
                  type="radio"
                  name="invite-role"
                  value={value}
                  checked={role === value}
                  onChange={() => setRole(value)}
                  className={radioClass}
                />
                {value === 'member' ? 'Member' : 'Sitter'}
              </label>
            ))}
          </div>
          {role === 'sitter' && (
            <TextField
              label="Sitter until"
              type="date"
              required
              min={today}
              max={lastDay}
              value={until}
              onChange={(event) => setUntil(event.target.value)}
              error={untilError}
              className="max-w-xs"
            />
          )}
          <button type="submit" className={primaryClass}>
            {busy && <ButtonSpinner />}
            {busy ? 'Making the link...' : 'Make invite link'}
          </button>
        </fieldset>
      </form>
      {failure && (
        <div className="mt-4">
          <Banner tone="error">{failure}</Banner>
        </div>
      )}
      {invite && (
        <div className="mt-5 space-y-2">
          <label htmlFor={linkId} className="block text-sm font-semibold text-slate-900 dark:text-slate-100">
            {invite.role === 'sitter'
              ? `Invite link for a sitter until ${formatLongDate(invite.until)}`
              : 'Invite link for a member'}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <input
              ref={linkRef}
              id={linkId}
              type="url"
              readOnly
              value={invite.url}
              onFocus={(event) => event.currentTarget.select()}
              className={`${inputClass} min-w-0 border-slate-400 font-mono text-sm dark:border-slate-600`}
            />
            <button type="button" onClick={() => void copy(invite.url)} className={`${primaryClass} shrink-0`}>
              Copy
            </button>
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            It works once, until {formatLongDate(invite.expiresAt.slice(0, 10))}. Anyone who has it can join: send it
            only to the person you invite.
          </p>
        </div>
      )}
      <p role="status" className="mt-3 text-sm font-medium text-slate-900 empty:mt-0 dark:text-slate-100">
        {notice}
      </p>
    </section>
  );
}
