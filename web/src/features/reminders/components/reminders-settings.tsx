import { DEFAULT_TIME_ZONE, type ReminderSettings } from '@model/reminders';
import { useEffect, useState } from 'react';
import { useT, type translate } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { updateReminderSettings } from '../api/update-reminder-settings';
import { rereadSettings } from '../lib/reminders-ui';
import { browserTimeZone, formatTimeOfDay, noteZoneOffered, zoneLabel, zoneOffered } from '../lib/time-zones';
import { EmailCard } from './email-card';
import { NotificationsCard } from './notifications-card';
import { ScheduleForm } from './schedule-form';
import { TestDigest } from './test-digest';

const messages = defineMessages({
  offUnproven: {
    id: 'reminders.summary.offUnproven',
    message: 'Reminders are off until you confirm your email address.',
  },
  off: {
    id: 'reminders.summary.off',
    message: 'Reminders are off: turn on notifications or email to get a daily digest of what needs care.',
  },
  // {how}: both, push (notification only) or email (email only).
  comes: {
    id: 'reminders.summary.comes',
    message:
      'Your digest comes by {how, select, both {notification and email} push {notification} other {email}} every day at {time}, {zone} time, when something needs care.',
  },
  waiting: { id: 'reminders.summary.waiting', message: 'Email digests start once you confirm your address.' },
  quiet: { id: 'reminders.summary.quiet', message: 'Quiet hours: nothing is sent from {from} to {to}.' },
  zoneSet: {
    id: 'reminders.summary.zoneSet',
    message: "Your time zone is now {zone}, this browser's. Change it below if your plants live elsewhere.",
  },
});

/**
 * The settings in a sentence or two: whether a digest comes, when, how, and when it never does.
 * Email counts only for a proven address: the server mails no other.
 */
function summarySentence(
  t: typeof translate,
  { channels, time, timeZone, quietHours, email, emailVerified }: ReminderSettings,
): string {
  const byEmail = channels.email && email !== null && emailVerified;
  const unproven = channels.email && email !== null && !emailVerified;
  const how = channels.push ? (byEmail ? 'both' : 'push') : byEmail ? 'email' : null;
  const quiet =
    quietHours && t(messages.quiet, { from: formatTimeOfDay(quietHours.from), to: formatTimeOfDay(quietHours.to) });
  const sentences = !how
    ? [t(unproven ? messages.offUnproven : messages.off)]
    : [
        t(messages.comes, { how, time: formatTimeOfDay(time), zone: zoneLabel(timeZone) }),
        unproven && t(messages.waiting),
      ];
  return [...sentences, quiet].filter(Boolean).join(' ');
}

/** Zones offered by this tab: the page may be drawn twice before the first answer is in. */
const offering = new Set<string>();

/**
 * The first time this device opens the page for an account whose zone is still the default (UTC)
 * while the browser's is another, the browser's is sent: digests come at the person's own hour
 * without their setting it. Once per account per device, so a zone chosen later (UTC included)
 * stays. Resolves the zone set, or null.
 */
function useBrowserZone(settings: ReminderSettings, uid: string): string | null {
  const [setTo, setSetTo] = useState<string | null>(null);
  useEffect(() => {
    const zone = browserTimeZone();
    if (settings.timeZone !== DEFAULT_TIME_ZONE || !zone || zone === DEFAULT_TIME_ZONE) return;
    if (zoneOffered(uid) || offering.has(uid)) return;
    offering.add(uid);
    void updateReminderSettings({ timeZone: zone })
      .then(async () => {
        noteZoneOffered(uid);
        setSetTo(zone);
        await rereadSettings();
      })
      // Not sent (offline, say): offered again next time; the zone can be chosen below meanwhile.
      .catch(() => undefined)
      .finally(() => offering.delete(uid));
  }, [settings.timeZone, uid]);
  return setTo;
}

/**
 * The Reminders page's settings, each said in words: the summary, notifications in this browser,
 * email, when the digest comes, and a test.
 */
export function RemindersSettings({ settings, uid }: { settings: ReminderSettings; uid: string }) {
  const zoneSet = useBrowserZone(settings, uid);
  const t = useT();
  return (
    <div className="space-y-6">
      <div role="status" className="space-y-1 text-slate-800 dark:text-slate-200">
        <p>{summarySentence(t, settings)}</p>
        {zoneSet && <p>{t(messages.zoneSet, { zone: zoneLabel(zoneSet) })}</p>}
      </div>
      <NotificationsCard settings={settings} />
      <EmailCard settings={settings} />
      <ScheduleForm settings={settings} />
      <TestDigest email={settings.email} />
    </div>
  );
}
