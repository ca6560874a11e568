import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiSend } from './support/api.js';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { browserDays } from './support/dates.js';
import { tabTo } from './support/keyboard.js';
import { controlledBy } from './support/service-worker.js';
import { APP_URL, createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

const INVITE_URL = new RegExp(`^${APP_URL.replace(/[.:/]/g, '\\$&')}/join/[A-Za-z0-9_-]{43}$`);

/** A date as the app writes it in long form ('March 4, 2026'). */
const longDate = (date: string) =>
  new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
/** What a person types into Chromium's en-US date field: month, day, year. */
const typedDate = (date: string) => `${date.slice(5, 7)}${date.slice(8, 10)}${date.slice(0, 4)}`;
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

/** A plant of `owner`'s, watered every 7 days and three days overdue: shared, as its owner is in a household. */
async function overduePlant(page: Page, owner: TestUser, label: string): Promise<{ id: string; plantName: string }> {
  const plantName = uniquePlantName(label);
  const days = await browserDays(page, { last: -10, next: -3 });
  const id = await createPlantAs(owner, {
    plantName,
    category: 'fern',
    careLevel: 'easy',
    healthStatus: 'Healthy',
    wateringFrequency: 'Every 7 days',
    lastWateredDate: days.last,
    nextWateringDate: days.next,
  });
  return { id, plantName };
}

test('an owner invites a partner, who accepts from the link and waters a shared plant: it leaves the owner’s Today', async ({
  page: ownerPage,
  browser,
  baseURL,
}) => {
  const [owner, partner] = await Promise.all([createTestUser('Owner Gardener'), createTestUser('Partner Gardener')]);
  // The partner's own browser: another context, as the config makes them.
  const partnerContext = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block' });
  try {
    await ownerPage.goto('/household');
    await signIn(ownerPage, owner);
    await expect(ownerPage).toHaveURL(/\/household$/);
    const householdName = `Green Flat ${Date.now()}`;
    await ownerPage.getByLabel('Household name').fill(householdName);
    await ownerPage.getByRole('button', { name: 'Create household' }).click();
    await expect(ownerPage.getByRole('heading', { name: householdName })).toBeVisible();

    await ownerPage.getByRole('button', { name: 'Make invite link' }).click();
    const link = ownerPage.getByLabel('Invite link for a member');
    await expect(link).toHaveValue(INVITE_URL);
    const url = await link.inputValue();

    // The partner opens the link signed out, signs in from it and comes back to it.
    const partnerPage = await partnerContext.newPage();
    await partnerPage.goto(url);
    await partnerPage.getByRole('link', { name: 'Sign in' }).click();
    // On Login with the way back in its state (signIn would open Login afresh, without it, if still on the link).
    await expect(partnerPage).toHaveURL(/\/login$/);
    await signIn(partnerPage, partner);
    await expect(partnerPage).toHaveURL(url);
    await expect(partnerPage.getByText('Owner Gardener invites you to the household')).toContainText(
      `${householdName} as a member.`,
    );
    await partnerPage.getByRole('button', { name: 'Accept' }).click();
    await expect(partnerPage).toHaveURL(/\/household$/);
    await expect(partnerPage.getByRole('heading', { name: householdName })).toBeVisible();
    await expect(partnerPage.getByRole('button', { name: 'Leave household' })).toBeVisible();

    await ownerPage.reload();
    const people = ownerPage.getByRole('listitem').filter({ hasText: 'Gardener' });
    await expect(people).toHaveText([/^Owner Gardener \(you\)Owner/, /^Partner GardenerMember/]);

    // The owner's overdue plant is on their Today; the partner waters it from its page.
    const { id, plantName } = await overduePlant(ownerPage, owner, 'Shared Fern');
    await ownerPage.goto('/dashboard/today');
    const overdue = ownerPage.getByRole('region', { name: /^Overdue \(/ });
    await expect(overdue.getByText(`Water · ${plantName}`)).toBeVisible();
    await partnerPage.goto(`/plant/${id}`);
    await expect(partnerPage.getByText('Shared with you by Owner Gardener.')).toContainText('add photos');
    await partnerPage.getByRole('button', { name: `Watered ${plantName}`, exact: true }).click();
    await expect(partnerPage.getByRole('status').filter({ hasText: `Watered ${plantName}` })).toBeVisible();

    await ownerPage.reload();
    await expect(ownerPage.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
    await expect(overdue.getByText(`Water · ${plantName}`)).toHaveCount(0);
    await ownerPage.goto(`/plant/${id}`);
    const journal = ownerPage.getByRole('region', { name: 'Care History' });
    await expect(journal.getByText('Watered by Partner Gardener')).toBeVisible();
  } finally {
    await partnerContext.close();
  }
});

test('a sitter’s link with a date, made and accepted by keyboard on a 320 px phone: the sitter may water, not edit', async ({
  page: ownerPage,
  browser,
  baseURL,
}) => {
  const [owner, sitter] = await Promise.all([createTestUser('Holiday Owner'), createTestUser('Neighbour Sitter')]);
  const phone = { width: 320, height: 720 };
  await ownerPage.setViewportSize(phone);
  const sitterContext = await browser.newContext({
    baseURL,
    locale: 'en-US',
    serviceWorkers: 'block',
    viewport: phone,
  });
  try {
    await ownerPage.goto('/household');
    await signIn(ownerPage, owner);
    await expect(ownerPage).toHaveURL(/\/household$/);
    const name = ownerPage.getByLabel('Household name');
    await tabTo(ownerPage, name);
    await ownerPage.keyboard.type(`Holiday Flat ${Date.now()}`);
    await ownerPage.keyboard.press('Enter');
    await expect(ownerPage.getByRole('button', { name: 'Make invite link' })).toBeVisible();

    // Member is the checked radio: the arrow key moves to Sitter, which asks for the last day.
    await tabTo(ownerPage, ownerPage.getByRole('radio', { name: 'Member' }));
    await ownerPage.keyboard.press('ArrowRight');
    await expect(ownerPage.getByRole('radio', { name: 'Sitter' })).toBeChecked();
    const { until } = await browserDays(ownerPage, { until: 5 });
    await tabTo(ownerPage, ownerPage.getByLabel('Sitter until'));
    await ownerPage.keyboard.type(typedDate(until));
    await tabTo(ownerPage, ownerPage.getByRole('button', { name: 'Make invite link' }));
    await ownerPage.keyboard.press('Enter');
    const link = ownerPage.getByLabel(`Invite link for a sitter until ${longDate(until)}`);
    await expect(link).toHaveValue(INVITE_URL);
    expect(await fitsWidth(ownerPage)).toBe(true);
    const { id, plantName } = await overduePlant(ownerPage, owner, 'Holiday Palm');

    const sitterPage = await sitterContext.newPage();
    await sitterPage.goto('/login');
    await signIn(sitterPage, sitter);
    await sitterPage.goto(await link.inputValue());
    await expect(sitterPage.getByText('Holiday Owner invites you to the household')).toContainText(
      `as a sitter until ${longDate(until)}.`,
    );
    await tabTo(sitterPage, sitterPage.getByRole('button', { name: 'Accept' }));
    await sitterPage.keyboard.press('Enter');
    await expect(sitterPage).toHaveURL(/\/household$/);
    expect(await fitsWidth(sitterPage)).toBe(true);

    // The plant's page offers a sitter watering and notes, no Edit and no photos.
    await sitterPage.goto(`/plant/${id}`);
    await expect(sitterPage.getByText('Shared with you by Holiday Owner.')).toContainText(
      'As a sitter you can record care jobs and notes.',
    );
    await expect(sitterPage.getByRole('form', { name: 'Add a note' })).toBeVisible();
    await expect(sitterPage.getByRole('link', { name: 'Edit Plant' })).toHaveCount(0);
    await expect(sitterPage.getByRole('form', { name: 'Add a photo' })).toHaveCount(0);
    await tabTo(sitterPage, sitterPage.getByRole('button', { name: `Watered ${plantName}`, exact: true }));
    await sitterPage.keyboard.press('Enter');
    await expect(sitterPage.getByRole('status').filter({ hasText: `Watered ${plantName}` })).toBeVisible();
    expect(await fitsWidth(sitterPage)).toBe(true);
  } finally {
    await sitterContext.close();
  }
});

/** Every URL any of the worker's caches holds in `page`'s browser. */
const everyKeptUrl = (page: Page) =>
  page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys())
      urls.push(...(await (await caches.open(name)).keys()).map((request) => request.url));
    return urls;
  });

test('an owner withdraws an open invite by keyboard on a 320 px phone: its link says so, and no cache kept an invite', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [owner, invitee] = await Promise.all([createTestUser('Careful Owner'), createTestUser('Late Invitee')]);
  const phone = { width: 320, height: 720 };
  // Both with the service worker running, which keeps the answers it may keep for offline use.
  const ownerContext = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'allow', viewport: phone });
  const inviteeContext = await browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'allow' });
  try {
    const ownerPage = await ownerContext.newPage();
    await ownerPage.goto('/household');
    await signIn(ownerPage, owner);
    await expect(ownerPage).toHaveURL(/\/household$/);
    await controlledBy(ownerPage);
    await ownerPage.getByLabel('Household name').fill(`Careful Flat ${Date.now()}`);
    await ownerPage.keyboard.press('Enter');
    await tabTo(ownerPage, ownerPage.getByRole('button', { name: 'Make invite link' }));
    await ownerPage.keyboard.press('Enter');
    const url = await ownerPage.getByLabel('Invite link for a member').inputValue();
    expect(url).toMatch(INVITE_URL);
    const token = url.split('/').at(-1)!;
    const open = ownerPage.getByRole('list', { name: 'Open invites' });
    await expect(open.getByRole('listitem')).toHaveText([/^For a memberIts link works until /]);

    // The list, its Withdraw included, in both themes (the theme is the `dark` class on <html>).
    for (const dark of [false, true]) {
      await ownerPage.evaluate((on) => document.documentElement.classList.toggle('dark', on), dark);
      await ownerPage.evaluate(() =>
        Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))),
      );
      const results = await new AxeBuilder({ page: ownerPage })
        .include('section:has(ul[aria-label="Open invites"])')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      expect(results.passes.some((rule) => rule.nodes.some((node) => node.html.startsWith('<button')))).toBe(true);
      expect(
        results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map((violation) => `${dark ? 'dark' : 'light'}: ${violation.id}`),
      ).toEqual([]);
    }
    await ownerPage.evaluate(() => document.documentElement.classList.remove('dark'));

    // The invitee opens the link through their worker: the invite is there.
    const inviteePage = await inviteeContext.newPage();
    await inviteePage.goto('/login');
    await signIn(inviteePage, invitee);
    await controlledBy(inviteePage);
    await inviteePage.goto(url);
    await expect(inviteePage.getByText('Careful Owner invites you to the household')).toBeVisible();

    // Withdrawn by keyboard, after the app's confirmation.
    await tabTo(ownerPage, open.getByRole('button', { name: /^Withdraw the invite for a member, working until / }));
    await ownerPage.keyboard.press('Enter');
    const dialog = ownerPage.getByRole('dialog', { name: 'Withdraw this invite?' });
    await expect(dialog).toContainText('The link for a member stops working at once');
    await tabTo(ownerPage, dialog.getByRole('button', { name: 'Yes, withdraw' }));
    await ownerPage.keyboard.press('Enter');
    await expect(
      ownerPage.getByRole('status').filter({ hasText: 'The invite for a member is withdrawn.' }),
    ).toBeVisible();
    await expect(ownerPage.getByText('None. A link you make is listed here')).toBeVisible();
    await expect(ownerPage.getByRole('heading', { name: 'Open invites' })).toBeFocused();
    expect(await fitsWidth(ownerPage)).toBe(true);

    await inviteePage.reload();
    await expect(inviteePage.getByText('This invite was withdrawn by the household owner.')).toBeVisible();
    await expect(inviteePage.getByRole('button', { name: 'Accept' })).toHaveCount(0);

    // No cache holds an invite's answer or its token; the worker did keep the household's.
    const ownerKept = await everyKeptUrl(ownerPage);
    expect(ownerKept.some((kept) => new URL(kept).pathname === '/mango/household')).toBe(true);
    for (const kept of [...ownerKept, ...(await everyKeptUrl(inviteePage))]) {
      expect(kept).not.toContain('/mango/household/invites');
      expect(kept).not.toContain(token);
    }
  } finally {
    await Promise.all([ownerContext.close(), inviteeContext.close()]);
  }
});

test('an owner, a member and a sitter: the owner sets turns by keyboard on a 320 px phone, Today says whose turn it is and "Only mine" filters', async ({
  page: ownerPage,
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const [owner, member, sitter] = await Promise.all([
    createTestUser('Olive Owner'),
    createTestUser('Mel Member'),
    createTestUser('Sid Sitter'),
  ]);
  // The household, its people and its plants, arranged through the API as the app would.
  await apiSend(owner, 'POST', '/mango/household', { name: `Turns House ${Date.now()}` }, 201);
  const days = await browserDays(ownerPage, { overdue: -3, today: 0, tomorrow: 1, later: 4, sitterUntil: 10 });
  for (const [person, invite] of [
    [member, { role: 'member' }],
    [sitter, { role: 'sitter', until: days.sitterUntil }],
  ] as const) {
    const { token } = await apiSend<{ token: string }>(owner, 'POST', '/mango/household/invites', invite, 201);
    await apiSend(person, 'POST', '/mango/household/join', { token });
  }
  const plant = async (who: TestUser, label: string, next: string) => {
    const plantName = uniquePlantName(label);
    await createPlantAs(who, {
      plantName,
      category: 'fern',
      wateringFrequency: 'Every 7 days',
      lastWateredDate: days.overdue,
      nextWateringDate: next,
    });
    return plantName;
  };
  // Turns by the day from today, Mel first: today (and so the overdue job) is Mel's, tomorrow Olive's.
  const overdue = await plant(owner, 'Overdue Turn Fern', days.overdue);
  const tomorrows = await plant(owner, 'Tomorrow Turn Palm', days.tomorrow);
  const later = await plant(member, 'Later Turn Ivy', days.later);

  const contexts = await Promise.all(
    [member, sitter].map(() => browser.newContext({ baseURL, locale: 'en-US', serviceWorkers: 'block' })),
  );
  try {
    await ownerPage.setViewportSize({ width: 320, height: 740 });
    await ownerPage.goto('/household');
    await signIn(ownerPage, owner);
    const rota = ownerPage.getByRole('region', { name: 'Whose turn it is' });
    await expect(rota.getByText("Everyone looks after every shared plant: each job is everyone's.")).toBeVisible();
    // A radio group takes one Tab (to its checked radio); the arrow keys choose within it.
    await tabTo(ownerPage, rota.getByRole('radio', { name: 'Everyone, every job' }));
    await ownerPage.keyboard.press('ArrowDown');
    await expect(rota.getByRole('radio', { name: 'One person at a time, taking turns' })).toBeChecked();
    await tabTo(ownerPage, rota.getByRole('radio', { name: 'a week' }));
    await ownerPage.keyboard.press('ArrowUp');
    await expect(rota.getByRole('radio', { name: 'a day' })).toBeChecked();
    await tabTo(ownerPage, rota.getByRole('button', { name: 'Move Mel Member up' }));
    await ownerPage.keyboard.press('Enter');
    await tabTo(ownerPage, rota.getByLabel('Turns count from'));
    await ownerPage.keyboard.type(typedDate(days.today));
    await tabTo(ownerPage, rota.getByRole('button', { name: 'Save the rota' }));
    await ownerPage.keyboard.press('Enter');
    await expect(ownerPage.getByRole('status').filter({ hasText: 'The rota is saved.' })).toBeVisible();
    await expect(rota.getByText('Turns by the day: Mel Member, then Olive Owner.')).toContainText(
      'On duty today: Mel Member.',
    );
    await expect(rota.getByRole('heading', { name: 'The next 8 days' })).toBeVisible();
    await expect(rota.getByRole('listitem').filter({ hasText: /: (you|Mel Member)$/ })).toHaveCount(8);
    expect(await fitsWidth(ownerPage)).toBe(true);

    /** A person's Today: the job rows by plant name, each with its turn label ('' for none). */
    const turnsOn = async (page: Page) => {
      await expect(page.getByRole('heading', { name: 'Today', level: 1 })).toBeVisible();
      const turns: Record<string, string> = {};
      for (const name of [overdue, tomorrows, later]) {
        const row = page.getByRole('listitem').filter({ has: page.getByRole('link', { name, exact: true }) });
        if (!(await row.count())) continue;
        turns[name] = (await row.getByText(/turn$/).textContent()) ?? '';
      }
      return turns;
    };
    const [memberPage, sitterPage] = await Promise.all(contexts.map((context) => context.newPage()));
    for (const [page, person] of [
      [memberPage!, member],
      [sitterPage!, sitter],
    ] as const) {
      await page.goto('/dashboard/today');
      await signIn(page, person);
    }

    // Mel: the overdue job and her own plant's are her turn; "Only mine" (on by default) hides Olive's.
    const onlyMine = (page: Page) => page.getByRole('checkbox', { name: /^Only mine/ });
    await expect(onlyMine(memberPage!)).toBeChecked();
    await expect(memberPage!.getByRole('link', { name: overdue, exact: true })).toBeVisible();
    expect(await turnsOn(memberPage!)).toEqual({ [overdue]: 'Your turn', [later]: 'Your turn' });
    await onlyMine(memberPage!).uncheck();
    await expect(memberPage!.getByRole('link', { name: tomorrows, exact: true })).toBeVisible();
    expect(await turnsOn(memberPage!)).toEqual({
      [overdue]: 'Your turn',
      [tomorrows]: "Olive Owner's turn",
      [later]: 'Your turn',
    });
    // Kept on this device: off after a reload.
    await memberPage!.reload();
    await expect(memberPage!.getByRole('link', { name: tomorrows, exact: true })).toBeVisible();
    await expect(onlyMine(memberPage!)).not.toBeChecked();

    // Sid sits: no job is his turn, so "Only mine" leaves none; off, he sees whose each is.
    await expect(onlyMine(sitterPage!)).toBeChecked();
    await expect(sitterPage!.getByText('Nothing is overdue.')).toBeVisible();
    expect(await turnsOn(sitterPage!)).toEqual({});
    await onlyMine(sitterPage!).uncheck();
    await expect(sitterPage!.getByRole('link', { name: overdue, exact: true })).toBeVisible();
    expect(await turnsOn(sitterPage!)).toEqual({
      [overdue]: "Mel Member's turn",
      [tomorrows]: "Olive Owner's turn",
      [later]: "Mel Member's turn",
    });

    // Olive, on her phone: tomorrow's job is hers.
    await ownerPage.goto('/dashboard/today');
    await expect(ownerPage.getByRole('link', { name: tomorrows, exact: true })).toBeVisible();
    expect(await turnsOn(ownerPage)).toEqual({ [tomorrows]: 'Your turn' });
    expect(await fitsWidth(ownerPage)).toBe(true);

    // Mel's own link to the household calendar: the rota's days and the shared jobs, by whose turn.
    await memberPage!.goto('/household');
    await memberPage!.getByRole('button', { name: 'Household calendar' }).click();
    const link = memberPage!.getByLabel('Your household calendar link');
    await expect(link).toHaveValue(/\/mango\/calendar\/household\/[A-Za-z0-9_-]{43}\.ics$/);
    // Unfolded: iCalendar folds lines longer than 75 octets.
    const feed = (await (await fetch(await link.inputValue())).text()).replace(/\r\n[ \t]/g, '');
    expect(feed).toContain('SUMMARY:On duty: Mel Member');
    expect(feed).toContain('SUMMARY:On duty: Olive Owner');
    expect(feed).toContain(`SUMMARY:Water ${tomorrows}`);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
});
