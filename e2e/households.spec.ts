import { expect, test, type Page } from '@playwright/test';
import { createPlantAs, uniquePlantName } from './support/api.js';
import { signIn } from './support/auth.js';
import { browserDays } from './support/dates.js';
import { tabTo } from './support/keyboard.js';
import { APP_URL, createUser, type TestUser } from './support/users.js';

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
  const [owner, partner] = await Promise.all([
    createUser({ displayName: 'Owner Gardener' }),
    createUser({ displayName: 'Partner Gardener' }),
  ]);
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
  const [owner, sitter] = await Promise.all([
    createUser({ displayName: 'Holiday Owner' }),
    createUser({ displayName: 'Neighbour Sitter' }),
  ]);
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
