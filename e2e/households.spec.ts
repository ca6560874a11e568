import { expect, test } from '@playwright/test';
import { signIn } from './support/auth.js';
import { APP_URL, createUser } from './support/users.js';

const INVITE_URL = new RegExp(`^${APP_URL.replace(/[.:/]/g, '\\$&')}/join/[A-Za-z0-9_-]{43}$`);

test('an owner starts a household and invites a partner, who signs in from the link and accepts', async ({
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
  } finally {
    await partnerContext.close();
  }
});
