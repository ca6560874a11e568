import type { ReminderSettings, UpdateReminderSettingsInput } from '@model/reminders';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  BLOCKED_MESSAGE,
  NO_PUSH_MESSAGE,
  NO_PUSH_SERVICE_MESSAGE,
  NOT_ALLOWED_MESSAGE,
} from '@/features/reminders/lib/browser-push';
import { browserTimeZone } from '@/features/reminders/lib/time-zones';
import { ApiError, apiFetch, type ApiRequest } from '@/lib/api-client';
import { currentUser, loadFirebase } from '@/lib/auth';
import { renderRoutes } from '@/test/render-route';
import * as route from './reminders';

vi.mock('@/lib/api-client');
// Firebase Auth as the page reaches it: the signed-in user, and its verification email.
vi.mock('@/lib/auth', () => ({ currentUser: vi.fn(), whenAuthReady: vi.fn(async () => null), loadFirebase: vi.fn() }));
vi.mock('@/features/reminders/lib/time-zones', async (original) => ({
  ...(await original<typeof import('@/features/reminders/lib/time-zones')>()),
  browserTimeZone: vi.fn(),
}));

const PUBLIC_KEY = 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U';
const SUBSCRIPTION = {
  endpoint: 'https://fcm.googleapis.com/fcm/send/abc',
  expirationTime: null,
  keys: { p256dh: 'B'.padEnd(87, 'A'), auth: 'A'.repeat(22) },
};

const UNVERIFIED_MESSAGE =
  'Confirm your email address first: open the link we sent to ana@example.test, then turn on email digests.';
const CONFIRM_SENTENCE =
  'Confirm your email address to get digests by email: open the link we sent to ana@example.test.';

/** The signed-in user of Firebase Auth, and its request for a verification email. */
const firebaseUser = { uid: 'u1', email: 'ana@example.test' };
const sendEmailVerification = vi.fn<(user: unknown) => Promise<void>>();

const settingsOf = (changes: Partial<ReminderSettings> = {}): ReminderSettings => ({
  timeZone: 'Europe/Berlin',
  hemisphere: 'north',
  hemisphereSet: false,
  time: '08:00',
  channels: { push: false, email: false },
  quietHours: null,
  language: 'en',
  email: 'ana@example.test',
  emailVerified: true,
  ...changes,
});

let stored: ReminderSettings;
/** The requests a test made, as `METHOD path` with their bodies, reads left out. */
let sent: { key: string; body: unknown }[];
let testAnswer: () => unknown;
/** How many times the settings were read. */
let reads: number;

/** The reminders API over one stored account, refusing what the server refuses in these tests. */
function serve(settings: ReminderSettings) {
  stored = settings;
  sent = [];
  testAnswer = () => ({ sent: { push: 0, email: 1 } });
  reads = 0;
  vi.mocked(apiFetch).mockImplementation((async (path: string, { method = 'GET', body }: ApiRequest = {}) => {
    const key = `${method} ${path}`;
    if (method !== 'GET') sent.push({ key, body });
    if (key === 'GET /mango/reminders/settings') {
      reads += 1;
      return structuredClone(stored);
    }
    if (key === 'PUT /mango/reminders/settings') {
      const input = body as UpdateReminderSettingsInput;
      if (input.channels?.email && !stored.emailVerified)
        throw new ApiError(409, 'email_unverified', UNVERIFIED_MESSAGE);
      stored = {
        ...stored,
        ...(input.time ? { time: input.time } : {}),
        ...(input.timeZone ? { timeZone: input.timeZone } : {}),
        ...(input.quietHours !== undefined ? { quietHours: input.quietHours } : {}),
        channels: { ...stored.channels, ...input.channels },
      };
      return structuredClone(stored);
    }
    if (key === 'GET /mango/reminders/push-key') return { publicKey: PUBLIC_KEY };
    if (key === 'POST /mango/reminders/push-subscriptions') return { subscribed: true };
    if (key === 'DELETE /mango/reminders/push-subscriptions') return { deletedCount: 1 };
    if (key === 'POST /mango/reminders/test') return testAnswer();
    throw new Error(`unexpected ${key}`);
  }) as never);
}

/** A browser with push: its permission, what its question answers, and its push service. */
function browserWithPush({
  permission = 'default' as NotificationPermission,
  answer = 'granted' as NotificationPermission,
  subscribed = false,
  subscribe = () => Promise.resolve(),
}: {
  permission?: NotificationPermission;
  answer?: NotificationPermission;
  subscribed?: boolean;
  subscribe?: () => Promise<void>;
} = {}) {
  let subscription: { endpoint: string; toJSON: () => unknown; unsubscribe: () => Promise<boolean> } | null = null;
  const unsubscribe = vi.fn(async () => {
    subscription = null;
    return true;
  });
  const make = () => ({ endpoint: SUBSCRIPTION.endpoint, toJSON: () => SUBSCRIPTION, unsubscribe });
  if (subscribed) subscription = make();
  const pushManager = {
    getSubscription: vi.fn(async () => subscription),
    subscribe: vi.fn(async (_options: PushSubscriptionOptionsInit) => {
      await subscribe();
      subscription = make();
      return subscription;
    }),
  };
  const registration = { pushManager };
  const requestPermission = vi.fn(async () => {
    notification.permission = answer;
    return answer;
  });
  const notification = { permission, requestPermission };
  vi.stubGlobal('PushManager', class {});
  vi.stubGlobal('Notification', notification);
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { getRegistration: async () => registration, ready: Promise.resolve(registration) },
  });
  return { requestPermission, pushManager, unsubscribe };
}

function renderPage() {
  return renderRoutes([{ path: '/dashboard/reminders', ...route }], '/dashboard/reminders');
}

const summary = () => screen.getByText(/^(Your digest comes|Reminders are off)/);

describe('Dashboard Reminders', () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(apiFetch).mockReset();
    vi.mocked(currentUser).mockResolvedValue({
      uid: 'u1',
      email: 'ana@example.test',
      displayName: 'Ana',
      photoURL: null,
    });
    vi.mocked(browserTimeZone).mockReturnValue('Europe/Berlin');
    sendEmailVerification.mockReset().mockResolvedValue(undefined);
    vi.mocked(loadFirebase).mockResolvedValue({ auth: { currentUser: firebaseUser }, sendEmailVerification } as never);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });

  it('says every setting in words: reminders off, notifications off, where email would go', async () => {
    browserWithPush();
    serve(settingsOf());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reminders' })).toBeInTheDocument();
    expect(await screen.findByText('Notifications are off.')).toBeInTheDocument();
    expect(summary()).toHaveTextContent(
      'Reminders are off: turn on notifications or email to get a daily digest of what needs care.',
    );
    expect(screen.getByText('Email digests are off. They would go to ana@example.test.')).toBeInTheDocument();
    expect(screen.getByLabelText('Digest time')).toHaveValue('08:00');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    expect(screen.getByRole('checkbox', { name: 'Quiet hours' })).not.toBeChecked();
    expect(screen.queryByLabelText('Quiet from')).not.toBeInTheDocument();
  });

  it('turns notifications on from the click: the question asked then, this browser subscribed with the key, sent, and the channel on', async () => {
    const user = userEvent.setup();
    const push = browserWithPush();
    serve(settingsOf({ channels: { push: false, email: true }, quietHours: { from: '22:00', to: '07:00' } }));
    renderPage();
    await screen.findByText('Notifications are off.');
    expect(push.requestPermission).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByText('Notifications are on for this browser.')).toBeInTheDocument();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    const { applicationServerKey, userVisibleOnly } = push.pushManager.subscribe.mock.calls[0]![0];
    expect(userVisibleOnly).toBe(true);
    // The key's bytes: an uncompressed P-256 point.
    expect(applicationServerKey).toBeInstanceOf(Uint8Array);
    expect(applicationServerKey).toHaveLength(65);
    expect((applicationServerKey as Uint8Array)[0]).toBe(4);
    expect(sent).toEqual([
      { key: 'POST /mango/reminders/push-subscriptions', body: SUBSCRIPTION },
      { key: 'PUT /mango/reminders/settings', body: { channels: { push: true } } },
    ]);
    expect(summary()).toHaveTextContent(
      'Your digest comes by notification and email every day at 8:00 AM, Europe/Berlin time, when something needs care. Quiet hours: nothing is sent from 10:00 PM to 7:00 AM.',
    );
    expect(screen.getByRole('button', { name: 'Turn off notifications' })).toBeInTheDocument();
  });

  it.each([
    ['refused', 'denied', BLOCKED_MESSAGE],
    ['dismissed', 'default', NOT_ALLOWED_MESSAGE],
  ] as const)('says so when the question is %s, and changes nothing', async (_, answer, sentence) => {
    const user = userEvent.setup();
    const push = browserWithPush({ answer });
    serve(settingsOf());
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(sentence);
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(stored.channels.push).toBe(false);
  });

  it('says notifications are blocked before anything is tried, when the browser blocks them', async () => {
    browserWithPush({ permission: 'denied', answer: 'denied' });
    serve(settingsOf());
    renderPage();
    expect(await screen.findByText(`Notifications are off. ${BLOCKED_MESSAGE}`)).toBeInTheDocument();
  });

  it("says so when the browser's push service cannot be reached (offline, headless), and changes nothing", async () => {
    const user = userEvent.setup();
    const push = browserWithPush({
      subscribe: () => Promise.reject(new DOMException('Registration failed - push service error', 'AbortError')),
    });
    serve(settingsOf());
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(NO_PUSH_SERVICE_MESSAGE);
    expect(push.pushManager.subscribe).toHaveBeenCalled();
    expect(sent).toEqual([]);
    expect(screen.getByText('Notifications are off.')).toBeInTheDocument();
  });

  it('lets a subscription the server refused go, and says why', async () => {
    const user = userEvent.setup();
    const push = browserWithPush();
    serve(settingsOf());
    const answer = vi.mocked(apiFetch).getMockImplementation()!;
    vi.mocked(apiFetch).mockImplementation(((path: string, options?: ApiRequest) =>
      options?.method === 'POST'
        ? Promise.reject(new ApiError(400, 'invalid_input', 'endpoint must be the address of a known push service.'))
        : answer(path, options)) as never);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn on notifications' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('endpoint must be the address of a known push service.');
    await waitFor(() => expect(push.unsubscribe).toHaveBeenCalled());
    expect(stored.channels.push).toBe(false);
  });

  it('turns notifications off: the server forgets this browser, the browser unsubscribes, the channel goes off', async () => {
    const user = userEvent.setup();
    const push = browserWithPush({ permission: 'granted', subscribed: true });
    serve(settingsOf({ channels: { push: true, email: false } }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn off notifications' }));
    expect(await screen.findByText('Notifications are off.')).toBeInTheDocument();
    expect(sent).toEqual([
      { key: 'DELETE /mango/reminders/push-subscriptions', body: { endpoint: SUBSCRIPTION.endpoint } },
      { key: 'PUT /mango/reminders/settings', body: { channels: { push: false } } },
    ]);
    expect(push.unsubscribe).toHaveBeenCalled();
  });

  it('says notifications are on elsewhere when this browser has none, and offers both', async () => {
    browserWithPush({ permission: 'granted' });
    serve(settingsOf({ channels: { push: true, email: false } }));
    renderPage();
    expect(
      await screen.findByText('Notifications are on for another browser or device of yours, not for this one.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on notifications for this browser' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn off notifications' })).toBeInTheDocument();
  });

  it('explains a browser without push, and offers no button', async () => {
    serve(settingsOf());
    renderPage();
    expect(await screen.findByText(NO_PUSH_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /notifications/ })).not.toBeInTheDocument();
  });

  it('turns email on and off, saying where digests go', async () => {
    const user = userEvent.setup();
    browserWithPush();
    serve(settingsOf());
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Turn on email' }));
    expect(await screen.findByText('Email digests go to ana@example.test.')).toBeInTheDocument();
    expect(screen.queryByText(/^Confirm your email address/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Turn off email' }));
    expect(await screen.findByText('Email digests are off. They would go to ana@example.test.')).toBeInTheDocument();
    expect(sent.map(({ body }) => body)).toEqual([{ channels: { email: true } }, { channels: { email: false } }]);
  });

  it('says an account without an address cannot have email digests', async () => {
    browserWithPush();
    serve(settingsOf({ email: null }));
    renderPage();
    expect(
      await screen.findByText('Your account has no email address, so your digest cannot come by email.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /email/ })).not.toBeInTheDocument();
  });

  it('asks for an unproven address to be confirmed, offers no "Turn on email", and sends the link again', async () => {
    const user = userEvent.setup();
    browserWithPush();
    serve(settingsOf({ emailVerified: false }));
    renderPage();
    const email = within(await screen.findByRole('region', { name: 'Email' }));
    expect(email.getByText(CONFIRM_SENTENCE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Turn on email' })).not.toBeInTheDocument();

    let arrive!: () => void;
    sendEmailVerification.mockReturnValueOnce(new Promise<void>((resolve) => (arrive = resolve)));
    const again = email.getByRole('button', { name: 'Send the link again' });
    await user.click(again);
    // Busy: still focused and announced so, and a second press sends nothing more.
    expect(again).toHaveAttribute('aria-disabled', 'true');
    expect(again).toHaveAttribute('aria-busy', 'true');
    expect(again).toHaveFocus();
    await user.click(again);
    arrive();
    expect(
      await email.findByText('We sent a new link to ana@example.test. It may take a minute to arrive.'),
    ).toBeInTheDocument();
    expect(sendEmailVerification).toHaveBeenCalledTimes(1);
    expect(sendEmailVerification).toHaveBeenCalledWith(firebaseUser);
    expect(again).not.toHaveAttribute('aria-disabled');
    expect(sent).toEqual([]);
  });

  it('says to wait a few minutes when Firebase refuses more links, and says so in a sentence for any other failure', async () => {
    const user = userEvent.setup();
    browserWithPush();
    serve(settingsOf({ emailVerified: false }));
    renderPage();
    sendEmailVerification.mockRejectedValueOnce(
      Object.assign(new Error('Firebase: Error (auth/too-many-requests).'), { code: 'auth/too-many-requests' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many links were asked for in a short time. Wait a few minutes, then send the link again.',
    );
    sendEmailVerification.mockRejectedValueOnce(new Error('Firebase: Error (auth/internal-error).'));
    await user.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The link could not be sent. Please try again in a moment.',
    );
  });

  it('"I have confirmed it" reads the settings again: still unproven it says so; proven, "Turn on email" takes its place', async () => {
    const user = userEvent.setup();
    browserWithPush();
    serve(settingsOf({ emailVerified: false }));
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'I have confirmed it' }));
    expect(
      await screen.findByText(
        'Your address is not confirmed yet. Open the link we sent to ana@example.test, then try again.',
      ),
    ).toBeInTheDocument();
    expect(reads).toBe(2);
    expect(screen.queryByRole('button', { name: 'Turn on email' })).not.toBeInTheDocument();

    // The person opens the link: Firebase Auth, and so the server, now call the address proven.
    stored = { ...stored, emailVerified: true };
    await user.click(screen.getByRole('button', { name: 'I have confirmed it' }));
    const turnOn = await screen.findByRole('button', { name: 'Turn on email' });
    expect(reads).toBe(3);
    expect(turnOn).toHaveFocus();
    expect(screen.getByText('Email digests are off. They would go to ana@example.test.')).toBeInTheDocument();
    expect(screen.queryByText(CONFIRM_SENTENCE)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send the link again' })).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Email digests go to ana@example.test.')).toBeInTheDocument();
    expect(sent).toEqual([{ key: 'PUT /mango/reminders/settings', body: { channels: { email: true } } }]);
  });

  it('keeps "Turn off email" for an older account whose unproven address has email on, and counts no email digest', async () => {
    const user = userEvent.setup();
    browserWithPush();
    serve(settingsOf({ emailVerified: false, channels: { push: false, email: true } }));
    renderPage();
    const email = within(await screen.findByRole('region', { name: 'Email' }));
    expect(email.getByText(CONFIRM_SENTENCE)).toBeInTheDocument();
    expect(email.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
    expect(email.getByRole('button', { name: 'I have confirmed it' })).toBeInTheDocument();
    expect(summary()).toHaveTextContent('Reminders are off until you confirm your email address.');
    await user.click(email.getByRole('button', { name: 'Turn off email' }));
    await waitFor(() => expect(stored.channels.email).toBe(false));
    // The card draws the settings as read again after the change.
    await waitFor(() => expect(email.queryByRole('button', { name: /email$/ })).not.toBeInTheDocument());
    expect(summary()).toHaveTextContent(
      'Reminders are off: turn on notifications or email to get a daily digest of what needs care.',
    );
  });

  it("shows the server's sentence when it refuses email for an unproven address, and email stays off", async () => {
    const user = userEvent.setup();
    browserWithPush();
    serve(settingsOf());
    renderPage();
    const turnOn = await screen.findByRole('button', { name: 'Turn on email' });
    // The page was drawn while the server still called the address proven (its account changed since).
    stored = { ...stored, emailVerified: false };
    await user.click(turnOn);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNVERIFIED_MESSAGE);
    expect(screen.getByText('Email digests are off. They would go to ana@example.test.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Turn on email' })).toBeInTheDocument();
    expect(stored.channels.email).toBe(false);
  });

  it('saves the time, the zone and quiet hours together, checked by the model first', async () => {
    const user = userEvent.setup();
    browserWithPush();
    serve(settingsOf());
    renderPage();
    const time = await screen.findByLabelText('Digest time');
    await user.click(screen.getByRole('checkbox', { name: 'Quiet hours' }));
    expect(screen.getByLabelText('Quiet from')).toHaveValue('22:00');
    expect(screen.getByLabelText('Quiet until')).toHaveValue('07:00');
    // Inside the quiet hours: refused here, nothing sent.
    await user.clear(time);
    await user.type(time, '06:30');
    await user.click(screen.getByRole('button', { name: 'Save times' }));
    expect(await screen.findByText(/^The digest's time, 06:30, is inside your quiet hours/)).toBeInTheDocument();
    expect(time).toHaveAttribute('aria-invalid', 'true');
    // Quiet hours of no length: the model's own sentence.
    await user.clear(time);
    await user.type(time, '07:30');
    await user.clear(screen.getByLabelText('Quiet until'));
    await user.type(screen.getByLabelText('Quiet until'), '22:00');
    await user.click(screen.getByRole('button', { name: 'Save times' }));
    expect(await screen.findByText('Quiet hours must start and end at different times.')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await user.clear(screen.getByLabelText('Quiet until'));
    await user.type(screen.getByLabelText('Quiet until'), '06:00');
    await user.selectOptions(screen.getByLabelText('Time zone'), 'Australia/Sydney');
    // The seasons follow the time zone's hemisphere unless one is chosen.
    const seasons = screen.getByRole('combobox', { name: 'Seasons' });
    expect(seasons).toHaveAccessibleDescription(/For plants that follow their species/);
    expect(within(seasons).getByRole('option', { selected: true })).toHaveTextContent(
      "This time zone's (southern hemisphere)",
    );
    await user.selectOptions(screen.getByLabelText('Time zone'), 'America/New_York');
    await user.selectOptions(seasons, 'south');
    await user.click(screen.getByRole('button', { name: 'Save times' }));
    expect(await screen.findByText('Saved.')).toBeInTheDocument();
    expect(sent).toEqual([
      {
        key: 'PUT /mango/reminders/settings',
        body: {
          time: '07:30',
          timeZone: 'America/New_York',
          hemisphere: 'south',
          quietHours: { from: '22:00', to: '06:00' },
        },
      },
    ]);
    expect(summary()).toHaveTextContent('Quiet hours: nothing is sent from 10:00 PM to 6:00 AM.');
  });

  it("puts the server's refusal of a field under it", async () => {
    const user = userEvent.setup();
    browserWithPush();
    serve(settingsOf());
    vi.mocked(apiFetch).mockImplementation((async (_path: string, { method = 'GET' }: ApiRequest = {}) => {
      if (method === 'GET') return settingsOf();
      const message = 'timeZone must be a time zone by its IANA name, such as Europe/Berlin or America/New_York.';
      throw new ApiError(400, 'invalid_input', message, { timeZone: message });
    }) as never);
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Save times' }));
    expect(await screen.findByText(/^timeZone must be a time zone by its IANA name/)).toBeInTheDocument();
    expect(screen.getByLabelText('Time zone')).toHaveAttribute('aria-invalid', 'true');
  });

  it('sends a test and says what it reached; says why when the server refuses', async () => {
    const user = userEvent.setup();
    browserWithPush();
    serve(settingsOf({ channels: { push: true, email: true } }));
    testAnswer = () => ({ sent: { push: 2, email: 1 } });
    renderPage();
    await user.click(await screen.findByRole('button', { name: 'Send a test' }));
    expect(
      await screen.findByText('A test digest was sent: 2 notifications and 1 email. It lists what needs care today.'),
    ).toBeInTheDocument();

    testAnswer = () => {
      throw new ApiError(
        409,
        'no_channel',
        'Turn on notifications or email first: a test goes to the reminders that are on.',
      );
    };
    await user.click(screen.getByRole('button', { name: 'Send a test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Turn on notifications or email first: a test goes to the reminders that are on.',
    );

    testAnswer = () => {
      throw new ApiError(
        429,
        'rate_limited',
        'You have sent 5 test reminders in the last hour. Please try again in 12 minutes.',
      );
    };
    await user.click(screen.getByRole('button', { name: 'Send a test' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have sent 5 test reminders in the last hour. Please try again in 12 minutes.',
    );
  });
});

describe("Dashboard Reminders, the browser's time zone", () => {
  beforeEach(() => {
    localStorage.clear();
    vi.mocked(apiFetch).mockReset();
    vi.mocked(currentUser).mockResolvedValue({
      uid: 'u1',
      email: 'ana@example.test',
      displayName: 'Ana',
      photoURL: null,
    });
  });

  it("sends the browser's zone the first time, while the stored one is UTC, once per account on this device", async () => {
    vi.mocked(browserTimeZone).mockReturnValue('Asia/Tokyo');
    serve(settingsOf({ timeZone: 'UTC' }));
    renderPage();
    expect(
      await screen.findByText(
        "Your time zone is now Asia/Tokyo, this browser's. Change it below if your plants live elsewhere.",
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Time zone')).toHaveValue('Asia/Tokyo'));
    expect(sent).toEqual([{ key: 'PUT /mango/reminders/settings', body: { timeZone: 'Asia/Tokyo' } }]);
    cleanup();

    // The person chose UTC afterwards: it stays.
    serve(settingsOf({ timeZone: 'UTC' }));
    renderPage();
    await screen.findByLabelText('Time zone');
    expect(screen.getByLabelText('Time zone')).toHaveValue('UTC');
    expect(sent).toEqual([]);
  });

  it('sends nothing when the stored zone was chosen, or the browser is on UTC too', async () => {
    vi.mocked(browserTimeZone).mockReturnValue('Asia/Tokyo');
    serve(settingsOf({ timeZone: 'Europe/Berlin' }));
    renderPage();
    await screen.findByLabelText('Time zone');
    cleanup();
    vi.mocked(browserTimeZone).mockReturnValue('UTC');
    serve(settingsOf({ timeZone: 'UTC' }));
    renderPage();
    await screen.findByLabelText('Time zone');
    expect(sent).toEqual([]);
  });
});
