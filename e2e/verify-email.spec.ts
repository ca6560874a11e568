import { expect, test } from '@playwright/test';
import { apiGet } from './support/api.js';
import { expectSignedIn, fillRegisterForm } from './support/auth.js';
import { followOobLink, oobCodesFor } from './support/auth-emulator.js';
import { tabTo } from './support/keyboard.js';
import { TEST_PHOTO_URL, uniqueEmail } from '../scripts/lib/test-users.mjs';

// Email digests go only to a proven address: a new account confirms its address through Firebase
// Auth's verification link (the Auth emulator keeps the links instead of mailing them), and the
// Reminders page offers "Turn on email" only once the server says the address is proven.

interface Settings {
  channels: { push: boolean; email: boolean };
  email: string | null;
  emailVerified: boolean;
}

test('a new account confirms its address from the Reminders page, by keyboard, then turns email digests on', async ({
  page,
}) => {
  const email = uniqueEmail('verify');
  const password = 'Garden123';
  const verifyLinks = () => oobCodesFor(email, 'VERIFY_EMAIL');

  await page.goto('/register');
  await fillRegisterForm(page, { name: 'Vera Field', photoURL: TEST_PHOTO_URL, email, password });
  await page.getByRole('button', { name: 'Register Now' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
  await expect(
    page.getByRole('status').filter({ hasText: `We sent a link to ${email} to confirm your address.` }),
  ).toBeVisible();
  await expect.poll(async () => (await verifyLinks()).length).toBe(1);

  await page.goto('/dashboard/reminders');
  await expect(page.getByRole('heading', { level: 1, name: 'Reminders' })).toBeVisible();
  const card = page.getByRole('region', { name: 'Email', exact: true });
  await expect(
    card.getByText(`Confirm your email address to get digests by email: open the link we sent to ${email}.`),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Turn on email' })).toHaveCount(0);

  await tabTo(page, card.getByRole('button', { name: 'Send the link again' }));
  await page.keyboard.press('Enter');
  await expect(card.getByText(`We sent a new link to ${email}. It may take a minute to arrive.`)).toBeVisible();
  await expect.poll(async () => (await verifyLinks()).length).toBe(2);

  // The person opens the newest link from their mail.
  await followOobLink((await verifyLinks()).at(-1)!.oobLink);

  await tabTo(page, card.getByRole('button', { name: 'I have confirmed it' }));
  await page.keyboard.press('Enter');
  const turnOn = card.getByRole('button', { name: 'Turn on email' });
  await expect(turnOn).toBeVisible();
  // The focus goes to the button that took the pressed one's place.
  await expect(turnOn).toBeFocused();
  await expect(card.getByText(`Email digests are off. They would go to ${email}.`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Send the link again' })).toHaveCount(0);

  await page.keyboard.press('Enter');
  await expect(card.getByText(`Email digests go to ${email}.`)).toBeVisible();
  await expect(card.getByRole('button', { name: 'Turn off email' })).toBeFocused();
  const { status, body } = await apiGet<Settings>('/mango/reminders/settings', { email, password });
  expect(status).toBe(200);
  expect(body).toMatchObject({ email, emailVerified: true, channels: { push: false, email: true } });
});
