import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as calendarFeedRoute from '@/app/routes/calendar-feed';
import * as householdCalendarFeedRoute from '@/app/routes/household-calendar-feed';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { confirmDialog } from '@/lib/dialogs';
import { getCalendarFeed, getHouseholdCalendarFeed } from '@/features/calendar/api/get-calendar-feed';
import { rotateCalendarFeed, rotateHouseholdCalendarFeed } from '@/features/calendar/api/rotate-calendar-feed';
import { renderRoutes } from '@/test/render-route';
import {
  COPIED_MESSAGE,
  COPY_REFUSED_MESSAGE,
  CalendarPanel,
  PRIVACY_SENTENCE,
  RESET_MESSAGE,
} from '@/features/calendar/components/calendar-panel';

vi.mock('@/features/calendar/api/get-calendar-feed', () => ({
  getCalendarFeed: vi.fn(),
  getHouseholdCalendarFeed: vi.fn(),
  CALENDAR_FEED_PATH: '/mango/calendar',
  HOUSEHOLD_CALENDAR_FEED_PATH: '/mango/calendar/household',
}));
vi.mock('@/features/calendar/api/rotate-calendar-feed', () => ({
  rotateCalendarFeed: vi.fn(),
  rotateHouseholdCalendarFeed: vi.fn(),
}));
vi.mock('@/lib/dialogs', () => ({ confirmDialog: vi.fn(), preloadDialogs: vi.fn() }));

const URL_1 = `https://mango.example/mango/calendar/${'a'.repeat(43)}`;
const URL_2 = `https://mango.example/mango/calendar/${'b'.repeat(43)}`;

/** The panel on a page, beside the data route its fetcher asks. */
async function renderPanel() {
  const router = renderRoutes(
    [
      { path: '/myPlants', element: <CalendarPanel /> },
      { path: paths.calendarFeed, ...calendarFeedRoute },
      { path: '/login', element: <p>login page</p> },
    ],
    '/myPlants',
  );
  await screen.findByRole('button', { name: 'Add to calendar' });
  return router;
}

async function openPanel(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: 'Add to calendar' }));
}

describe('CalendarPanel', () => {
  beforeEach(() => {
    vi.mocked(getCalendarFeed).mockReset().mockResolvedValue({ url: URL_1 });
    vi.mocked(rotateCalendarFeed).mockReset().mockResolvedValue({ url: URL_2 });
    vi.mocked(confirmDialog).mockReset();
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks for nothing until opened, then shows the link, a webcal:// link and the privacy sentence', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPanel();
    const toggle = screen.getByRole('button', { name: 'Add to calendar' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(getCalendarFeed).not.toHaveBeenCalled();

    await openPanel(user);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByLabelText('Your calendar link')).toHaveValue(URL_1);
    expect(screen.getByRole('link', { name: 'Open in calendar app' })).toHaveAttribute(
      'href',
      `webcal://mango.example/mango/calendar/${'a'.repeat(43)}`,
    );
    expect(screen.getByText(PRIVACY_SENTENCE)).toBeVisible();
    expect(getCalendarFeed).toHaveBeenCalledTimes(1);

    // Closing and opening again asks no more.
    await user.click(toggle);
    expect(screen.getByLabelText('Your calendar link')).not.toBeVisible();
    await openPanel(user);
    expect(getCalendarFeed).toHaveBeenCalledTimes(1);
  });

  it('copies the link, and says how to copy it by hand when the browser refuses', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPanel();
    await openPanel(user);
    await user.click(await screen.findByRole('button', { name: 'Copy link' }));
    expect(await navigator.clipboard.readText()).toBe(URL_1);
    expect(await screen.findByText(COPIED_MESSAGE)).toBeVisible();

    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('Denied', 'NotAllowedError'));
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText(COPY_REFUSED_MESSAGE)).toBeVisible();
    expect(screen.getByLabelText('Your calendar link')).toHaveFocus();
  });

  it('resets the link only after the confirmation, and shows the new one', async () => {
    const user = userEvent.setup({ delay: null });
    await renderPanel();
    await openPanel(user);
    await screen.findByDisplayValue(URL_1);

    vi.mocked(confirmDialog).mockResolvedValue(false);
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Reset your calendar link?', confirmText: 'Yes, reset it', danger: true }),
    );
    expect(rotateCalendarFeed).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Your calendar link')).toHaveValue(URL_1);

    vi.mocked(confirmDialog).mockResolvedValue(true);
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(screen.getByLabelText('Your calendar link')).toHaveValue(URL_2));
    expect(screen.getByText(RESET_MESSAGE)).toBeVisible();
  });

  it('says why the link could not be loaded or reset, offers Try again, and sends a signed-out user to /login', async () => {
    const user = userEvent.setup({ delay: null });
    vi.mocked(getCalendarFeed).mockRejectedValueOnce(
      new ApiError(503, 'unavailable', 'Calendar links are not available right now. Please try again later.'),
    );
    const router = await renderPanel();
    await openPanel(user);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Calendar links are not available right now. Please try again later.',
    );
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByDisplayValue(URL_1)).toBeVisible();

    vi.mocked(confirmDialog).mockResolvedValue(true);
    vi.mocked(rotateCalendarFeed).mockRejectedValueOnce(
      new ApiError(0, 'network', 'Could not reach the server. Check your connection and try again.'),
    );
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not reach the server.');
    expect(screen.getByLabelText('Your calendar link')).toHaveValue(URL_1);

    vi.mocked(rotateCalendarFeed).mockRejectedValueOnce(
      new ApiError(401, 'unauthenticated', 'Please sign in to do that.'),
    );
    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('CalendarPanel for the household', () => {
  const HOUSEHOLD_1 = `https://mango.example/mango/calendar/household/${'c'.repeat(43)}.ics`;
  const HOUSEHOLD_2 = `https://mango.example/mango/calendar/household/${'d'.repeat(43)}.ics`;
  beforeEach(() => {
    vi.mocked(getCalendarFeed).mockReset();
    vi.mocked(rotateCalendarFeed).mockReset();
    vi.mocked(getHouseholdCalendarFeed).mockReset().mockResolvedValue({ url: HOUSEHOLD_1 });
    vi.mocked(rotateHouseholdCalendarFeed).mockReset().mockResolvedValue({ url: HOUSEHOLD_2 });
    vi.mocked(confirmDialog).mockReset().mockResolvedValue(true);
  });

  it("asks for the user's household link when opened, and resets that one only, saying the others keep theirs", async () => {
    const user = userEvent.setup({ delay: null });
    renderRoutes(
      [
        { path: '/household', element: <CalendarPanel feed="household" /> },
        { path: paths.householdCalendarFeed, ...householdCalendarFeedRoute },
      ],
      '/household',
    );
    await user.click(await screen.findByRole('button', { name: 'Household calendar' }));
    expect(await screen.findByLabelText('Your household calendar link')).toHaveValue(HOUSEHOLD_1);
    expect(screen.getByText(/anyone who has it can see the household's shared plants/)).toBeVisible();
    expect(getHouseholdCalendarFeed).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Reset link' }));
    expect(confirmDialog).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Reset your household calendar link?',
        text: expect.stringContaining('The others of your household keep theirs.'),
      }),
    );
    await waitFor(() => expect(screen.getByLabelText('Your household calendar link')).toHaveValue(HOUSEHOLD_2));
    expect(
      screen.getByText(
        'Your household calendar link was reset. The old link no longer works: subscribe again with this one.',
      ),
    ).toBeVisible();
    expect(getCalendarFeed).not.toHaveBeenCalled();
    expect(rotateCalendarFeed).not.toHaveBeenCalled();
  });
});
