import { useId, useRef, useState } from 'react';
import { useFetcher } from 'react-router-dom';
import { Banner } from '@/components/ui/banner';
import { inputClass } from '@/components/ui/form-fields';
import { Stroke, type IconProps } from '@/components/ui/icons';
import { paths } from '@/config/paths';
import { confirmDialog, preloadDialogs } from '@/lib/dialogs';
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

export const PRIVACY_SENTENCE =
  'The link is private: anyone who has it can see your plant names and watering dates, so share it with no one, and reset it if it ever gets out.';
export const COPIED_MESSAGE = 'Link copied. Paste it into your calendar app to subscribe.';
export { COPY_REFUSED_MESSAGE };
export const RESET_MESSAGE =
  'Your calendar link was reset. The old link no longer works: subscribe again with this one.';

/** What the panel says and asks for: the user's own feed, or their link to their household's. */
const FEEDS = {
  personal: {
    heading: 'Add to calendar',
    blurb:
      'Get watering reminders for your plants, and those your household shares with you, in Google Calendar, Apple Calendar or any calendar app.',
    dataPath: paths.calendarFeed,
    rotate: rotateCalendarFeed,
    label: 'Your calendar link',
    loading: 'Getting your calendar link...',
    loadError: 'Your calendar link could not be loaded. Please try again.',
    privacy: PRIVACY_SENTENCE,
    resetTitle: 'Reset your calendar link?',
    resetText:
      'The current link stops working at once: calendars subscribed with it stop updating until you subscribe again with the new link.',
    resetMessage: RESET_MESSAGE,
    resetError: 'Your calendar link could not be reset. Please try again.',
  },
  household: {
    heading: 'Household calendar',
    blurb:
      "Subscribe to your household's rota in your calendar app: who is on duty each period, and when each shared plant needs care.",
    dataPath: paths.householdCalendarFeed,
    rotate: rotateHouseholdCalendarFeed,
    label: 'Your household calendar link',
    loading: 'Getting your household calendar link...',
    loadError: 'Your household calendar link could not be loaded. Please try again.',
    privacy:
      "The link is private and yours: anyone who has it can see the household's shared plants, their care dates and who is on duty, so share it with no one, and reset it if it ever gets out.",
    resetTitle: 'Reset your household calendar link?',
    resetText:
      'Your current link stops working at once: calendars subscribed with it stop updating until you subscribe again with the new link. The others of your household keep theirs.',
    resetMessage:
      'Your household calendar link was reset. The old link no longer works: subscribe again with this one.',
    resetError: 'Your household calendar link could not be reset. Please try again.',
  },
} as const;

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
  const handleApiError = useApiError();
  const [open, setOpen] = useState(false);
  const fetcher = useFetcher<CalendarFeedData>();
  const answer = fetcher.data?.feed;
  const failure = useLoadError(answer && !answer.ok ? answer.error : null, words.loadError);
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

  const copy = async (url: string) => setNotice(await copyLink(url, linkRef, COPIED_MESSAGE));

  const reset = async () => {
    const confirmed = await confirmDialog({
      title: words.resetTitle,
      text: words.resetText,
      confirmText: 'Yes, reset it',
      danger: true,
    });
    if (!confirmed) return;
    setResetting(true);
    setResetError('');
    setNotice('');
    try {
      const { url: next } = await words.rotate();
      setResetTo(next);
      setNotice(words.resetMessage);
    } catch (error) {
      const message = handleApiError(error, words.resetError);
      if (message) setResetError(message);
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
            {words.heading}
          </span>
          <ChevronDownIcon
            className={`shrink-0 transition-transform motion-reduce:transition-none ${open ? 'rotate-180' : ''}`}
          />
        </button>
      </h2>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{words.blurb}</p>

      <div id={panelId} hidden={!open} className="mt-4">
        <div className="space-y-4">
          {loading && !url && (
            <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
              {words.loading}
            </p>
          )}

          {!loading && !url && failure && (
            <div className="space-y-3">
              <Banner tone="error">{failure}</Banner>
              <button type="button" onClick={load} className={secondaryClass}>
                Try again
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
                  {words.label}
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
                    Copy link
                  </button>
                </div>
              </div>
              <div className="flex flex-wrap gap-3">
                <a href={webcalUrl(url)} className={secondaryClass}>
                  <CalendarIcon size={18} />
                  Open in calendar app
                </a>
                <button
                  type="button"
                  onClick={() => void reset()}
                  disabled={resetting}
                  aria-busy={resetting}
                  className={dangerClass}
                >
                  {resetting ? 'Resetting link...' : 'Reset link'}
                </button>
              </div>
              {resetError && <Banner tone="error">{resetError}</Banner>}
              <p id={privacyId} className="text-sm text-slate-700 dark:text-slate-300">
                {words.privacy}
              </p>
              <p className="text-sm text-slate-700 dark:text-slate-300">
                Google Calendar: Other calendars, +, From URL. Apple Calendar: File, New Calendar Subscription. Paste
                the link there.
              </p>
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
