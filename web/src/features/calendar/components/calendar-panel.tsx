import { useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { inputClass } from '@/components/ui/form-fields';
import { Stroke, type IconProps } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { confirmDialog, preloadDialogs } from '@/lib/dialogs';
import { translate, useT } from '@/lib/i18n/i18n';
import { defineMessages } from '@/lib/i18n/messages';
import { useApiError, useLoadError } from '@/lib/use-api-error';
import { rotateCalendarFeed, rotateHouseholdCalendarFeed } from '../api/rotate-calendar-feed';
import type { CalendarFeedData } from '../lib/calendar-feed-data';
import { COPY_REFUSED_MESSAGE, copyLink } from '@/lib/copy-link';

const CalendarIcon = (p: IconProps) => (
  <Stroke {...p}>
    <rect x="3" y="5" width="18" height="16" rx="2" />
    <path d="M3 10h18M8 3v4M16 3v4" />
  </Stroke>
);
const ChevronDownIcon = (p: IconProps) => (
  <Stroke {...p}>
    <path d="M6 9l6 6 6-6" />
  </Stroke>
);

const messages = defineMessages({
  privacy: {
    id: 'calendar.personal.privacy',
    message:
      'The link is private: anyone who has it can see your plant names and watering dates, so share it with no one, and reset it if it ever gets out.',
  },
  copied: { id: 'calendar.copied', message: 'Link copied. Paste it into your calendar app to subscribe.' },
  resetMessage: {
    id: 'calendar.personal.resetMessage',
    message: 'Your calendar link was reset. The old link no longer works: subscribe again with this one.',
  },
  heading: { id: 'calendar.personal.heading', message: 'Add to calendar' },
  blurb: {
    id: 'calendar.personal.blurb',
    message:
      'Get watering reminders for your plants, and those your household shares with you, in Google Calendar, Apple Calendar or any calendar app.',
  },
  label: { id: 'calendar.personal.label', message: 'Your calendar link' },
  loading: { id: 'calendar.personal.loading', message: 'Getting your calendar link...' },
  loadError: {
    id: 'calendar.personal.loadError',
    message: 'Your calendar link could not be loaded. Please try again.',
  },
  resetTitle: { id: 'calendar.personal.resetTitle', message: 'Reset your calendar link?' },
  resetText: {
    id: 'calendar.personal.resetText',
    message:
      'The current link stops working at once: calendars subscribed with it stop updating until you subscribe again with the new link.',
  },
  resetError: {
    id: 'calendar.personal.resetError',
    message: 'Your calendar link could not be reset. Please try again.',
  },
  householdHeading: { id: 'calendar.household.heading', message: 'Household calendar' },
  householdBlurb: {
    id: 'calendar.household.blurb',
    message:
      "Subscribe to your household's rota in your calendar app: who is on duty each period, and when each shared plant needs care.",
  },
  householdLabel: { id: 'calendar.household.label', message: 'Your household calendar link' },
  householdLoading: { id: 'calendar.household.loading', message: 'Getting your household calendar link...' },
  householdLoadError: {
    id: 'calendar.household.loadError',
    message: 'Your household calendar link could not be loaded. Please try again.',
  },
  householdPrivacy: {
    id: 'calendar.household.privacy',
    message:
      "The link is private and yours: anyone who has it can see the household's shared plants, their care dates and who is on duty, so share it with no one, and reset it if it ever gets out.",
  },
  householdResetTitle: { id: 'calendar.household.resetTitle', message: 'Reset your household calendar link?' },
  householdResetText: {
    id: 'calendar.household.resetText',
    message:
      'Your current link stops working at once: calendars subscribed with it stop updating until you subscribe again with the new link. The others of your household keep theirs.',
  },
  householdResetMessage: {
    id: 'calendar.household.resetMessage',
    message: 'Your household calendar link was reset. The old link no longer works: subscribe again with this one.',
  },
  householdResetError: {
    id: 'calendar.household.resetError',
    message: 'Your household calendar link could not be reset. Please try again.',
  },
  unavailable: {
    id: 'calendar.unavailable',
    message: 'Calendar links are not available right now. Please try again later.',
  },
  resetConfirm: { id: 'calendar.resetConfirm', message: 'Yes, reset it' },
  tryAgain: { id: 'calendar.tryAgain', message: 'Try again' },
  copyLink: { id: 'calendar.copyLink', message: 'Copy link' },
  openInApp: { id: 'calendar.openInApp', message: 'Open in calendar app' },
  resetting: { id: 'calendar.resetting', message: 'Resetting link...' },
  reset: { id: 'calendar.reset', message: 'Reset link' },
  howTo: {
    id: 'calendar.howTo',
    message:
      'Google Calendar: Other calendars, +, From URL. Apple Calendar: File, New Calendar Subscription. Paste the link there.',
  },
});

// The English sentences, the tests' and the source's (the panel shows them in the app's language).
export const PRIVACY_SENTENCE = messages.privacy.message;
export const COPIED_MESSAGE = messages.copied.message;
export { COPY_REFUSED_MESSAGE };
export const RESET_MESSAGE = messages.resetMessage.message;

/** What the panel says and asks for: the user's own feed, or their link to their household's. */
const FEEDS = {
  personal: {
    heading: messages.heading,
    blurb: messages.blurb,
    dataPath: paths.calendarFeed,
    rotate: rotateCalendarFeed,
    label: messages.label,
    loading: messages.loading,
    loadError: messages.loadError,
    privacy: messages.privacy,
    resetTitle: messages.resetTitle,
    resetText: messages.resetText,
    resetMessage: messages.resetMessage,
    resetError: messages.resetError,
  },
  household: {
    heading: messages.householdHeading,
    blurb: messages.householdBlurb,
    dataPath: paths.householdCalendarFeed,
    rotate: rotateHouseholdCalendarFeed,
    label: messages.householdLabel,
    loading: messages.householdLoading,
    loadError: messages.householdLoadError,
    privacy: messages.householdPrivacy,
    resetTitle: messages.householdResetTitle,
    resetText: messages.householdResetText,
    resetMessage: messages.householdResetMessage,
    resetError: messages.householdResetError,
  },
} as const;

/** Our sentence for a refusal the web knows by its code (503: no links on this server), else undefined. */
const knownRefusal = (error: unknown): string | undefined =>
  error instanceof ApiError && error.code === 'unavailable' ? translate(messages.unavailable) : undefined;

const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-70';
const primaryClass = `${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`;
const secondaryClass = `${buttonClass} bg-white text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800`;
const dangerClass = `${buttonClass} bg-white text-red-800 ring-1 ring-red-700 hover:bg-red-50 dark:bg-slate-950 dark:text-red-200 dark:ring-red-400 dark:hover:bg-red-950`;

/** The same feed for calendar apps: webcal:// asks the system to open its calendar app with a subscription. */
const webcalUrl = (url: string) => url.replace(/^https?:/, 'webcal:');

/**
 * "Add to calendar": the user's private iCalendar feed of watering dates, for the calendar app
 * they already use. Closed, it is one button and asks nothing of the server; opened, it fetches
 * the link (made on the first request; a fetcher of its data route, app/routes/calendar-feed.ts)
 * with Copy, a webcal:// link and Reset link. `feed="household"`: the same for the user's link to
 * their household's feed ("Household calendar", app/routes/household-calendar-feed.ts).
 */
export function CalendarPanel({
  className = '',
  feed = 'personal',
}: {
  className?: string;
  feed?: keyof typeof FEEDS;
}) {
  const words = FEEDS[feed];
  const t = useT();
  const handleApiError = useApiError();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<CalendarFeedData>();
  const answer = fetcher.data?.feed;
  const loadFailure = answer && !answer.ok ? answer.error : null;
  const loadError = useLoadError(loadFailure, t(words.loadError));
  const failure = loadError && (knownRefusal(loadFailure) ?? loadError);
  // A reset answers the new link: shown at once.
  const [resetTo, setResetTo] = useState<string>();
  const loading = fetcher.state !== 'idle';
  const url = resetTo ?? (answer?.ok ? answer.data.url : undefined);
  const [notice, setNotice] = useState('');
  const [resetError, setResetError] = useState('');
  const [resetting, setResetting] = useState(false);
  const linkRef = useRef<HTMLInputElement>(null);
  const headingId = useId();
  const panelId = useId();
  const linkId = useId();
  const privacyId = useId();

  const load = () => {
    preloadDialogs();
    void fetcher.load(words.dataPath);
  };

  const toggle = () => {
    setOpen(!open);
    if (!open && !answer && !loading) load();
  };

  const copy = async (url: string) => setNotice(await copyLink(url, linkRef, t(messages.copied)));

  const reset = async () => {
    const confirmed = await confirmDialog({
      title: t(words.resetTitle),
      text: t(words.resetText),
      confirmText: t(messages.resetConfirm),
      danger: true,
    });
    if (!confirmed) return;
    setResetting(true);
    setResetError('');
    setNotice('');
    try {
      const { url: next } = await words.rotate();
      setResetTo(next);
      setNotice(t(words.resetMessage));
    } catch (error) {
      const message = handleApiError(error, t(words.resetError));
      if (message) setResetError(knownRefusal(error) ?? message);
    } finally {
      setResetting(false);
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className={`rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-5 dark:bg-slate-900 dark:ring-slate-800 ${className}`}
    >
      <h2 id={headingId} className="text-lg font-semibold text-slate-900 dark:text-white">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={toggle}
          className="flex w-full items-center justify-between gap-3 rounded-lg text-left"
        >
          <span className="flex items-center gap-2">
            <CalendarIcon size={22} className="shrink-0 text-leaf-700 dark:text-leaf-400" />
            {t(words.heading)}
          </span>
          <ChevronDownIcon
            className={`shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t(words.blurb)}</p>

      <div id={panelId} hidden={!open} className="mt-4">
        <div className="space-y-4">
          {loading && !url && (
            <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
              {t(words.loading)}
            </p>
          )}

          {!loading && !url && failure && (
            <div className="space-y-3">
              <Banner tone="error">{failure}</Banner>
              <button type="button" onClick={load} className={secondaryClass}>
                {t(messages.tryAgain)}
              </button>
            </div>
          )}

          {url && (
            <>
              <div>
                <label
                  htmlFor={linkId}
                  className="mb-1.5 block text-sm font-semibold text-slate-900 dark:text-slate-100"
                >
                  {t(words.label)}
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <input
                    ref={linkRef}
                    id={linkId}
                    type="url"
                    readOnly
                    value={url}
                    aria-describedby={privacyId}
                    onFocus={(event) => event.currentTarget.select()}
                    className={`${inputClass} min-w-0 border-slate-400 font-mono text-sm dark:border-slate-600`}
                  />
                  <button type="button" onClick={() => void copy(url)} className={`${primaryClass} shrink-0`}>
                    {t(messages.copyLink)}
                  </button>
                </div>
              </div>
              <div className="flex flex-wrap gap-3">
                <a href={webcalUrl(url)} className={secondaryClass}>
                  <CalendarIcon size={18} />
                  {t(messages.openInApp)}
                </a>
                <button
                  type="button"
                  onClick={() => void reset()}
                  disabled={resetting}
                  aria-busy={resetting}
                  className={dangerClass}
                >
                  {t(resetting ? messages.resetting : messages.reset)}
                </button>
              </div>
              {resetError && <Banner tone="error">{resetError}</Banner>}
              <p id={privacyId} className="text-sm text-slate-700 dark:text-slate-300">
                {t(words.privacy)}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">{t(messages.howTo)}</p>
            </>
          )}
        </div>
        <p role="status" className="mt-3 text-sm font-medium text-slate-900 empty:mt-0 dark:text-slate-100">
          {notice}
        </p>
      </div>
    </section>
  );
}
