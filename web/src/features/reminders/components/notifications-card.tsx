import type { ReminderSettings } from '@model/reminders';
import { useEffect, useId, useState } from 'react';
import { useT, type translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useApiError } from '@/lib/use-api-error';
import { addPushSubscription } from '../api/add-push-subscription';
import { getPushKey } from '../api/get-push-key';
import { removePushSubscription } from '../api/remove-push-subscription';
import {
  currentSubscription,
  notificationPermission,
  pushMessages,
  pushSupported,
  PushSetupError,
  subscribeThisBrowser,
} from '../lib/browser-push';
import {
  cardClass,
  failureClass,
  headingClass,
  primaryClass,
  secondaryClass,
  stateClass,
  useSaveSettings,
} from '../lib/reminders-ui';
import { Spinner } from './spinner';

const messages = defineMessages({
  onElsewhere: { id: 'reminders.notifications.onElsewhere', message: 'Notifications are on for your other browsers.' },
  onHere: { id: 'reminders.notifications.onHere', message: 'Notifications are on for this browser.' },
  onOther: {
    id: 'reminders.notifications.onOther',
    message: 'Notifications are on for another browser or device of yours, not for this one.',
  },
  off: { id: 'reminders.notifications.off', message: 'Notifications are off.' },
  notOn: {
    id: 'reminders.notifications.notOn',
    message: 'Notifications could not be turned on. Please try again.',
  },
  notOff: {
    id: 'reminders.notifications.notOff',
    message: 'Notifications could not be turned off. Please try again.',
  },
  heading: { id: 'reminders.notifications.heading', message: 'Notifications' },
  checking: { id: 'reminders.notifications.checking', message: 'Checking this browser...' },
  turnOnHere: { id: 'reminders.notifications.turnOnHere', message: 'Turn on notifications for this browser' },
  turnOn: { id: 'reminders.notifications.turnOn', message: 'Turn on notifications' },
  turnOff: { id: 'reminders.notifications.turnOff', message: 'Turn off notifications' },
});

type Busy = 'on' | 'off' | null;

/** The state in words: what the account has, and what this browser does. */
function stateSentence(
  t: typeof translate,
  push: boolean,
  supported: boolean,
  here: boolean | undefined,
  blocked: boolean,
): string {
  if (!supported) return push ? `${t(messages.onElsewhere)} ${t(pushMessages.noPush)}` : t(pushMessages.noPush);
  if (push && here) return t(messages.onHere);
  if (push) return t(messages.onOther);
  if (blocked) return `${t(messages.off)} ${t(pushMessages.blocked)}`;
  return t(messages.off);
}

/**
 * Push notifications: on for this browser (the browser's permission asked only by the click that
 * turns them on; then this browser subscribed with the server's key, the subscription sent, and the
 * channel turned on), and off (this browser unsubscribed and forgotten by the server, the channel
 * turned off). Every refusal and failure says why in a sentence.
 */
export function NotificationsCard({ settings }: { settings: ReminderSettings }) {
  const headingId = useId();
  const t = useT();
  const save = useSaveSettings();
  const handleApiError = useApiError();
  const supported = pushSupported();
  // Whether this browser holds a subscription: read from the browser once the page is drawn.
  const [here, setHere] = useState<boolean>();
  const [blocked, setBlocked] = useState(() => notificationPermission() === 'denied');
  const [busy, setBusy] = useState<Busy>(null);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void currentSubscription().then(
      (subscription) => current && setHere(subscription !== null),
      () => current && setHere(false),
    );
    return () => {
      current = false;
    };
  }, []);

  const turnOn = async () => {
    setBusy('on');
    setFailure(null);
    let unsent = false;
    try {
      const subscription = await subscribeThisBrowser(getPushKey);
      unsent = true;
      await addPushSubscription(subscription);
      unsent = false;
      setHere(true);
      const failed = await save({ channels: { push: true } }, t(messages.notOn));
      if (failed) setFailure(failed.message);
    } catch (error) {
      setBlocked(notificationPermission() === 'denied');
      setFailure(error instanceof PushSetupError ? t(error.reason) : handleApiError(error, t(messages.notOn)));
      // A subscription the server never got would only pretend to be on: this browser lets it go.
      if (unsent) void currentSubscription().then((subscription) => subscription?.unsubscribe());
    } finally {
      setBusy(null);
    }
  };

  const turnOff = async () => {
    setBusy('off');
    setFailure(null);
    try {
      const subscription = await currentSubscription();
      // The server first: offline, nothing changes here either.
      if (subscription) {
        await removePushSubscription(subscription.endpoint);
        await subscription.unsubscribe();
        setHere(false);
      }
      const failed = await save({ channels: { push: false } }, t(messages.notOff));
      if (failed) setFailure(failed.message);
    } catch (error) {
      setFailure(handleApiError(error, t(messages.notOff)));
    } finally {
      setBusy(null);
    }
  };

  const push = settings.channels.push;
  const onHere = push && here === true;
  return (
    <section aria-labelledby={headingId} className={cardClass}>
      <h2 id={headingId} className={headingClass}>
        {t(messages.heading)}
      </h2>
      <p role="status" className={stateClass}>
        {here === undefined && supported ? t(messages.checking) : stateSentence(t, push, supported, here, blocked)}
      </p>
      {supported && here !== undefined && (
        <div className="mt-4 flex flex-wrap gap-3">
          {!onHere && (
            <button
              type="button"
              onClick={() => void turnOn()}
              disabled={busy !== null}
              aria-busy={busy === 'on'}
              className={primaryClass}
            >
              {busy === 'on' && <Spinner />}
              {t(push ? messages.turnOnHere : messages.turnOn)}
            </button>
          )}
          {push && (
            <button
              type="button"
              onClick={() => void turnOff()}
              disabled={busy !== null}
              aria-busy={busy === 'off'}
              className={secondaryClass}
            >
              {busy === 'off' && <Spinner />}
              {t(messages.turnOff)}
            </button>
          )}
        </div>
      )}
      {failure && (
        <p role="alert" className={failureClass}>
          {failure}
        </p>
      )}
    </section>
  );
}
