import type { CreatedInvite, InviteRole } from '@model/household';
import { SITTER_MAX_DAYS_AHEAD } from '@model/household';
import { addDays, utcToday } from '@model/schedule';
import { useId, useRef, useState, type FormEvent } from 'react';
import { Banner } from '@/components/ui/banner';
import { ButtonSpinner, inputClass, TextField } from '@/components/ui/form-fields';
import { formatLongDate } from '@/lib/dates';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { createInvite } from '../api/create-invite';
import { cardClass, primaryClass, useHouseholdError } from '../lib/household-ui';
import { copyLink } from '@/lib/copy-link';

const messages = defineMessages({
  copied: { id: 'households.inviteMaker.copied', message: 'Copied. Send the link to the person you invite.' },
  chooseDay: { id: 'households.inviteMaker.chooseDay', message: 'Choose a day from {from} to {to}.' },
  notMade: {
    id: 'households.inviteMaker.notMade',
    message: 'The invite link could not be made. Please try again.',
  },
  heading: { id: 'households.inviteMaker.heading', message: 'Invite someone' },
  roles: {
    id: 'households.inviteMaker.roles',
    message: 'A member looks after the shared plants with you; a sitter waters and notes until a day you choose.',
  },
  member: { id: 'households.inviteMaker.member', message: 'Member' },
  sitter: { id: 'households.inviteMaker.sitter', message: 'Sitter' },
  sitterUntil: { id: 'households.inviteMaker.sitterUntil', message: 'Sitter until' },
  making: { id: 'households.inviteMaker.making', message: 'Making the link...' },
  make: { id: 'households.inviteMaker.make', message: 'Make invite link' },
  linkFor: {
    id: 'households.inviteMaker.linkFor',
    message: '{role, select, sitter {Invite link for a sitter until {until}} other {Invite link for a member}}',
  },
  copy: { id: 'households.inviteMaker.copy', message: 'Copy' },
  worksOnce: {
    id: 'households.inviteMaker.worksOnce',
    message: 'It works once, until {date}. Anyone who has it can join: send it only to the person you invite.',
  },
});

/** What Copy says once the link is copied, in English: the tests' and the source's. */
export const COPIED_MESSAGE = messages.copied.message;

/**
 * The owner's "Invite someone": a one-time link for a member, or for a sitter until a day (from
 * today, UTC, as the server counts, to 90 days ahead), with Copy. The link is shown once: the
 * server keeps only its hash.
 */
export function InviteMaker({ onCreated }: { onCreated: () => void }) {
  const householdError = useHouseholdError();
  const t = useT();
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
      setUntilError(t(messages.chooseDay, { from: formatLongDate(today), to: formatLongDate(lastDay) }));
      return;
    }
    setUntilError(undefined);
    setBusy(true);
    try {
      setInvite(await createInvite(role === 'sitter' ? { role, until } : { role }));
      onCreated();
    } catch (error) {
      setFailure(householdError(error, t(messages.notMade)));
    } finally {
      setBusy(false);
    }
  };

  const copy = async (url: string) => setNotice(await copyLink(url, linkRef, translate(messages.copied)));

  const radioClass = 'size-4 accent-leaf-700';
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        {t(messages.heading)}
      </h2>
      <form onSubmit={(event) => void make(event)} noValidate aria-busy={busy} className="mt-3 space-y-4">
        <fieldset disabled={busy} className="space-y-4">
          <legend className="text-sm text-slate-700 dark:text-slate-300">{t(messages.roles)}</legend>
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
                {t(value === 'member' ? messages.member : messages.sitter)}
              </label>
            ))}
          </div>
          {role === 'sitter' && (
            <TextField
              label={t(messages.sitterUntil)}
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
            {t(busy ? messages.making : messages.make)}
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
            {t(messages.linkFor, {
              role: invite.role,
              until: invite.role === 'sitter' ? formatLongDate(invite.until) : '',
            })}
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
              {t(messages.copy)}
            </button>
          </div>
          <p className="text-sm text-slate-700 dark:text-slate-300">
            {t(messages.worksOnce, { date: formatLongDate(invite.expiresAt.slice(0, 10)) })}
          </p>
        </div>
      )}
      <p role="status" className="mt-3 text-sm font-medium text-slate-900 empty:mt-0 dark:text-slate-100">
        {notice}
      </p>
    </section>
  );
}
