import type { InviteInfo } from '@model/household';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { ButtonSpinner } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { toast } from '@/lib/toast';
import { joinHousehold } from '../api/join-household';
import { cardClass, primaryClass, secondaryClass, useHouseholdError } from '../lib/household-ui';

export const UNKNOWN_INVITE_MESSAGE =
  'This invite link does not work. Check that you opened all of it, or ask the person who invited you for a new one.';

/** Why an invite cannot be used, in a sentence: the server's for a used or expired one (410), and when already in a household (409). */
function inviteProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return UNKNOWN_INVITE_MESSAGE;
  if (error instanceof ApiError && error.status !== 401) return error.message;
  return 'This invite could not be read. Please try again.';
}

function Frame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <div className={`${cardClass} space-y-4`}>
        <h1 className="break-words text-2xl font-bold text-slate-900 dark:text-white">{title}</h1>
        {children}
      </div>
    </div>
  );
}

/**
 * A visitor's view of an invite link: the API tells who invites only to someone signed in (a
 * token proves nothing about its reader), so a visitor is asked to sign in or register first and
 * comes back here after.
 */
export function InviteForVisitor() {
  const location = useLocation();
  const back = { from: location };
  return (
    <Frame title="You are invited to a household">
      <p className="text-slate-700 dark:text-slate-300">
        Someone invites you to look after plants with them on Mango Grove Tracker. Sign in or register first: you then
        see who invites you, to which household and as what, and can accept.
      </p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.login} state={back} className={primaryClass}>
          Sign in
        </Link>
        <Link to={paths.register} state={back} className={secondaryClass}>
          Register
        </Link>
      </div>
    </Frame>
  );
}

/** A signed-in reader's view of an invite: who invites, to what, and Accept; or why it does not work. */
export function InviteCard({ token, invite, error }: { token: string; invite?: InviteInfo; error?: unknown }) {
  const navigate = useNavigate();
  const householdError = useHouseholdError();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; inHousehold: boolean } | null>(null);

  if (!invite)
    return (
      <Frame title="This invite cannot be used">
        <Banner tone="error">{inviteProblem(error)}</Banner>
        <Link to={paths.household} className={secondaryClass}>
          Go to your household page
        </Link>
      </Frame>
    );

  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const household = await joinHousehold(token);
      void toast.success(`Welcome to "${household.name}".`);
      navigate(paths.household, { replace: true });
    } catch (caught) {
      const text =
        caught instanceof ApiError && caught.status === 404
          ? UNKNOWN_INVITE_MESSAGE
          : householdError(caught, 'The invite could not be accepted. Please try again.');
      if (text) setFailure({ text, inHousehold: caught instanceof ApiError && caught.status === 409 });
      setBusy(false);
    }
  };

  const role = invite.role === 'sitter' ? `a sitter until ${formatLongDate(invite.until)}` : 'a member';
  return (
    <Frame title={`Join "${invite.householdName}"`}>
      <p className="text-slate-700 dark:text-slate-300">
        <strong className="text-slate-900 dark:text-white">{invite.invitedBy}</strong> invites you to the household{' '}
        <strong className="text-slate-900 dark:text-white">{invite.householdName}</strong> as {role}.
      </p>
      {failure && <Banner tone="error">{failure.text}</Banner>}
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled={busy} aria-busy={busy} onClick={() => void accept()} className={primaryClass}>
          {busy && <ButtonSpinner />}
          {busy ? 'Joining...' : 'Accept'}
        </button>
        {failure?.inHousehold && (
          <Link to={paths.household} className={secondaryClass}>
            Go to your household page
          </Link>
        )}
      </div>
    </Frame>
  );
}
