import type { ReminderSettings } from '@model/reminders';
import { useEffect, useId, useRef, useState } from 'react';
import { useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import {
  cardClass,
  failureClass,
  headingClass,
  primaryClass,
  secondaryClass,
  stateClass,
  useSaveSettings,
} from '../lib/reminders-ui';
import { ConfirmEmail, confirmSentence } from './confirm-email';
import { Spinner } from './spinner';

const messages = defineMessages({
  notOn: { id: 'reminders.email.notOn', message: 'Email digests could not be turned on. Please try again.' },
  notOff: { id: 'reminders.email.notOff', message: 'Email digests could not be turned off. Please try again.' },
  turnOff: { id: 'reminders.email.turnOff', message: 'Turn off email' },
  turnOn: { id: 'reminders.email.turnOn', message: 'Turn on email' },
  heading: { id: 'reminders.email.heading', message: 'Email' },
  noAddress: {
    id: 'reminders.email.noAddress',
    message: 'Your account has no email address, so your digest cannot come by email.',
  },
  on: { id: 'reminders.email.on', message: 'Email digests go to {email}.' },
  off: { id: 'reminders.email.off', message: 'Email digests are off. They would go to {email}.' },
});

/**
 * Email digests on or off, and the account's address they go to (read only: it is the sign-in
 * address). Digests go only to a proven address: until the server says it is one, the card asks
 * for the link to be opened and offers no "Turn on email" (the server refuses it too, 409).
 */
export function EmailCard({ settings }: { settings: ReminderSettings }) {
  const headingId = useId();
  const t = useT();
  const { email, emailVerified } = settings;
  const save = useSaveSettings(email);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const on = settings.channels.email;
  const toggleRef = useRef<HTMLButtonElement>(null);
  // "I have confirmed it" was pressed: once the address is proven, the focus goes where it was,
  // to the button that took its place, rather than to the page's start.
  const focusToggle = useRef(false);

  useEffect(() => {
    if (!emailVerified || !focusToggle.current) return;
    focusToggle.current = false;
    toggleRef.current?.focus();
  }, [emailVerified]);

  const turn = async (next: boolean) => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const failed = await save({ channels: { email: next } }, t(next ? messages.notOn : messages.notOff));
    setFailure(failed?.message ?? null);
    setBusy(false);
  };

  const toggle = (
    <button
      ref={toggleRef}
      type="button"
      onClick={() => void turn(!on)}
      aria-disabled={busy || undefined}
      aria-busy={busy}
      className={on ? secondaryClass : primaryClass}
    >
      {busy && <Spinner />}
      {t(on ? messages.turnOff : messages.turnOn)}
    </button>
  );

  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={headingClass}>
        {t(messages.heading)}
      </h2>
      <p role="status" className={`${stateClass} break-words`}>
        {!email
          ? t(messages.noAddress)
          : !emailVerified
            ? confirmSentence(t, email)
            : t(on ? messages.on : messages.off, { email })}
      </p>
      {email &&
        (emailVerified ? (
          <div className="mt-4">{toggle}</div>
        ) : (
          // An older account may have email on from before addresses were proven: it can still turn it off.
          <ConfirmEmail email={email} onCheck={() => (focusToggle.current = true)}>
            {on && toggle}
          </ConfirmEmail>
        ))}
      {failure && (
        <p role="alert" className={failureClass}>
          {failure}
        </p>
      )}
    </section>
  );
}
