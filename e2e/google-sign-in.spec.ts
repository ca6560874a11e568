import { expect, test } from '@playwright/test';
import { expectSignedIn, signIn } from './support/auth.js';
import { blockGoogle, useGapiStandIn } from './support/gapi-stand-in.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

test('Sign in with Google opens the Auth emulator popup for google.com; closing it leaves the form usable', async ({
  page,
  context,
}) => {
  await useGapiStandIn(context);
  await page.goto('/login');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupOpened;
  await expect(popup).toHaveURL(/^http:\/\/(127\.0\.0\.1|localhost):9099\/emulator\/auth\/handler\?/);
  const url = new URL(popup.url());
  expect(url.searchParams.get('providerId')).toBe('google.com');
  expect(url.searchParams.get('authType')).toBe('signInViaPopup');
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeDisabled();

  await popup.close();
  // The SDK notices a closed popup on its next poll and then waits 8 s for a late answer.
  await expect(page.getByRole('alert')).toHaveText(
    'The Google sign-in window was closed before you finished. Try again when you are ready.',
    {
      timeout: 20_000,
    },
  );
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeEnabled();
});

test('Google sign-in without an internet connection says so and leaves the form usable', async ({ page, context }) => {
  const user = await createTestUser();
  await blockGoogle(context);
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Google sign-in needs an internet connection. Check your connection, or sign in with your email and password.',
  );
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeEnabled();

  await signIn(page, user);
  await expectSignedIn(page);
});
