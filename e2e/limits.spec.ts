import { expect, test } from '@playwright/test';
import { signIn } from './support/auth.js';
import { idTokenOf } from './support/api.js';
import { APP_URL, createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

/*
 * Each account has a write budget (bursts of 30, refilled at 60 a minute). A form sent
 * over it gets the server's sentence, keeps what the user typed, and works again after the wait.
 */

/**
 * Keeps the user's write budget spent: adds through the API one after the other until stopped, so
 * each write that refills (one a second) is taken at once. Resolves `spent` at the first 429.
 */
function drainBudget(user: TestUser) {
  let stopped = false;
  let markSpent: () => void = () => {};
  const spent = new Promise<void>((resolve) => (markSpent = resolve));
  const running = (async () => {
    const token = await idTokenOf(user);
    while (!stopped) {
      const response = await fetch(`${APP_URL}/mango`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ plantName: 'Budget filler', category: 'Herbs' }),
      });
      if (response.status === 429) markSpent();
    }
  })();
  return {
    spent,
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

test('a form sent over the write budget shows the sentence, keeps the input, and works again after the wait', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const user = await createTestUser('Hasty Gardener');
  await signIn(page, user);
  await page.goto('/dashboard/add-item');
  await page.getByLabel('Plant Name').fill('Patient Fern');
  await page.getByLabel('Category').selectOption('Herbs');
  const submit = page.getByRole('button', { name: 'Add Item' });
  const refusal = page
    .getByRole('alert')
    .filter({ hasText: 'You are making changes faster than Mango Grove Tracker allows.' });

  // The budget refills one write a second: a drain takes each one back as it comes, so the form's
  // add is refused (should one slip through, the form is filled and sent again).
  const drain = drainBudget(user);
  await drain.spent;
  for (let attempt = 0; attempt < 5 && !(await refusal.isVisible()); attempt += 1) {
    await submit.click();
    await expect(refusal.or(page.getByRole('heading', { name: "Hasty Gardener's Plants" }))).toBeVisible();
    if (!(await refusal.isVisible())) {
      await page.goto('/dashboard/add-item');
      await page.getByLabel('Plant Name').fill('Patient Fern');
      await page.getByLabel('Category').selectOption('Herbs');
    }
  }
  await drain.stop();
  await expect(refusal).toHaveText(
    /^You are making changes faster than Mango Grove Tracker allows\. Please wait (a second|\d+ seconds) and try again\.$/,
  );
  await expect(submit).toBeEnabled();
  await expect(page.getByLabel('Plant Name')).toHaveValue('Patient Fern');

  // After the wait the same form goes through.
  await page.waitForTimeout(2_000);
  await submit.click();
  await expect(page.getByText('Item added successfully!')).toBeVisible();
});
