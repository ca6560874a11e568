import { expect, type Page } from '@playwright/test';
import type { TestUser } from '../../scripts/lib/test-users.mjs';

/**
 * Sign-in helpers that go through the real pages, as a person would. They leave the page wherever
 * the app sends the user (the remembered origin, or /).
 */

/** Signs in on /login (or on the login page the app already redirected to). */
export async function signIn(page: Page, user: Pick<TestUser, 'email' | 'password'>): Promise<void> {
  if (new URL(page.url(), 'http://x').pathname !== '/login') await page.goto('/login');
  await page.getByLabel('Email', { exact: true }).fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page).not.toHaveURL(/\/login(\?|$)/);
  await expectSignedIn(page);
}

export interface SignUpInput {
  name: string;
  photoURL: string;
  email: string;
  password: string;
}

export async function fillRegisterForm(page: Page, { name, photoURL, email, password }: SignUpInput): Promise<void> {
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Photo URL').fill(photoURL);
  await page.getByLabel('Email', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
}

/** The header's account area (Login and Register, or the photo and Logout). */
export function accountArea(page: Page) {
  return page.getByRole('banner').getByRole('group', { name: 'Account' });
}

/** Signed in: the header offers Logout (directly, or behind the photo) and no Login button. */
export async function expectSignedIn(page: Page): Promise<void> {
  const header = accountArea(page);
  await expect(
    header.getByRole('button', { name: 'Logout' }).or(header.getByRole('button').getByRole('img')),
  ).toBeVisible();
  await expect(header.getByRole('link', { name: 'Register', exact: true })).toHaveCount(0);
}

export async function expectSignedOut(page: Page): Promise<void> {
  const header = accountArea(page);
  await expect(header.getByRole('link', { name: 'Login', exact: true })).toBeVisible();
  await expect(header.getByRole('link', { name: 'Register', exact: true })).toBeVisible();
}

/** Logs out through the header: hovers the photo when there is one, then presses Logout. */
export async function logOut(page: Page): Promise<void> {
  const header = accountArea(page);
  const photo = header.getByRole('button').getByRole('img');
  const logout = header.getByRole('button', { name: 'Logout' });
  // Wait until the app knows who is signed in, then open the photo's panel if there is one.
  await expect(photo.or(logout)).toBeVisible();
  if (await photo.isVisible()) await photo.hover();
  await logout.click();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedOut(page);
}
