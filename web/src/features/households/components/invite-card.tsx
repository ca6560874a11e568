import type { InviteInfo } from '@model/household';
import { useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { ButtonSpinner } from '@/components/ui/form-fields';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { formatLongDate } from '@/lib/dates';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { toast } from '@/lib/toast';
import { joinHousehold } from '../api/join-household';
import { cardClass, householdSentence, primaryClass, secondaryClass, useHouseholdError } from '../lib/household-ui';
import { fillSlots, slot } from '@/lib/i18n/fill-slots';

const messages = defineMessages({
  unknown: {
    id: 'households.invite.unknown',
    message:
      'This invite link does not work. Check that you opened all of it, or ask the person who invited you for a new one.',
  },
  unreadable: { id: 'households.invite.unreadable', message: 'This invite could not be read. Please try again.' },
  visitorTitle: { id: 'households.invite.visitorTitle', message: 'You are invited to a household' },
  visitorText: {
    id: 'households.invite.visitorText',
    message:
      'Someone invites you to look after plants with them on Mango Grove Tracker. Sign in or register first: you then see who invites you, to which household and as what, and can accept.',
  },
  signIn: { id: 'households.invite.signIn', message: 'Sign in' },
  register: { id: 'households.invite.register', message: 'Register' },
  unusable: { id: 'households.invite.unusable', message: 'This invite cannot be used' },
  toHousehold: { id: 'households.invite.toHousehold', message: 'Go to your household page' },
  welcome: { id: 'households.invite.welcome', message: 'Welcome to "{name}".' },
  notAccepted: {
    id: 'households.invite.notAccepted',
    message: 'The invite could not be accepted. Please try again.',
  },
  joinTitle: { id: 'households.invite.joinTitle', message: 'Join "{name}"' },
  invites: {
    id: 'households.invite.invites',
    message:
      '{invitedBy} invites you to the household {household} as {role, select, sitter {a sitter until {until}} other {a member}}.',
  },
  joining: { id: 'households.invite.joining', message: 'Joining...' },
  accept: { id: 'households.invite.accept', message: 'Accept' },
});

/** The sentence for an invite link nobody knows (404), in English: the tests' and the source's. */
export const UNKNOWN_INVITE_MESSAGE = messages.unknown.message;

/** Why an invite cannot be used, in a sentence: the server's for a used or expired one (410), and when already in a household (409). */
function inviteProblem(error: unknown): string {
  if (error instanceof ApiError && error.status === 404) return translate(messages.unknown);
  if (error instanceof ApiError && error.status !== 401) return householdSentence(error);
  return translate(messages.unreadable);
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
  const t = useT();
  const back = { from: location };
  return (
    <Frame title={t(messages.visitorTitle)}>
      <p className="text-slate-700 dark:text-slate-300">{t(messages.visitorText)}</p>
      <div className="flex flex-wrap gap-3">
        <Link to={paths.login} state={back} className={primaryClass}>
          {t(messages.signIn)}
        </Link>
        <Link to={paths.register} state={back} className={secondaryClass}>
          {t(messages.register)}
        </Link>
      </div>
    </Frame>
  );
}

/** A signed-in reader's view of an invite: who invites, to what, and Accept; or why it does not work. */
export function InviteCard({ token, invite, error }: { token: string; invite?: InviteInfo; error?: unknown }) {
  const navigate = useNavigate();
  const householdError = useHouseholdError();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<{ text: string; inHousehold: boolean } | null>(null);

  if (!invite)
    return (
      <Frame title={t(messages.unusable)}>
        <Banner tone="error">{inviteProblem(error)}</Banner>
        <Link to={paths.household} className={secondaryClass}>
          {t(messages.toHousehold)}
        </Link>
      </Frame>
    );

  const accept = async () => {
    setBusy(true);
    setFailure(null);
    try {
      const household = await joinHousehold(token);
      void toast.success(t(messages.welcome, { name: household.name }));
      navigate(paths.household, { replace: true });
    } catch (caught) {
      const text =
        caught instanceof ApiError && caught.status === 404
          ? t(messages.unknown)
          : householdError(caught, t(messages.notAccepted));
      if (text) setFailure({ text, inHousehold: caught instanceof ApiError && caught.status === 409 });
      setBusy(false);
    }
  };

  const nameClass = 'text-slate-900 dark:text-white';
  const sentence = t(messages.invites, {
    invitedBy: slot(0),
    household: slot(1),
    role: invite.role,
    until: invite.role === 'sitter' ? formatLongDate(invite.until) : '',
  });
  return (
    <Frame title={t(messages.joinTitle, { name: invite.householdName })}>
      <p className="text-slate-700 dark:text-slate-300">
        {fillSlots(sentence, [
          <strong key="by" className={nameClass}>
            {invite.invitedBy}
          </strong>,
          <strong key="household" className={nameClass}>
            {invite.householdName}
          </strong>,
        ])}
      </p>
      {failure && <Banner tone="error">{failure.text}</Banner>}
      <div className="flex flex-wrap gap-3">
        <button type="button" disabled={busy} aria-busy={busy} onClick={() => void accept()} className={primaryClass}>
          {busy && <ButtonSpinner />}
          {t(busy ? messages.joining : messages.accept)}
        </button>
        {failure?.inHousehold && (
          <Link to={paths.household} className={secondaryClass}>
            {t(messages.toHousehold)}
          </Link>
        )}
      </div>
    </Frame>
  );
}
