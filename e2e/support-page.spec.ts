import { expect, test } from '@playwright/test';

test('Support: three FAQs, then the Feedback tab with its toasts', async ({ page }) => {
  await page.goto('/support');
  const faqs = page.getByRole('tab', { name: 'FAQs' });
  await expect(faqs).toHaveAttribute('aria-selected', 'true');
  const faqPanel = page.getByRole('tabpanel', { name: 'FAQs' });
  await expect(faqPanel.locator('summary')).toHaveText([
    'How do I reset my password?',
    'How often should I water my plants?',
    'Why is my plant in poor health?',
  ]);
  await faqPanel.getByText('How do I reset my password?').click();
  await expect(faqPanel.getByText(/Login > Forgot Password/)).toBeVisible();

  // Arrow keys move between tabs (the WAI-ARIA tabs pattern), once the app has the page: the
  // prerendered page's controls are disabled until then, and a disabled tab takes no focus.
  await expect(faqs).toBeEnabled();
  await faqs.focus();
  await page.keyboard.press('ArrowRight');
  const feedbackTab = page.getByRole('tab', { name: 'Feedback' });
  await expect(feedbackTab).toBeFocused();
  await expect(feedbackTab).toHaveAttribute('aria-selected', 'true');

  const box = page.getByLabel('Share your thoughts or issues:');
  const submit = page.getByRole('button', { name: 'Submit Feedback' });
  await submit.click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please write something before submitting.' })).toBeVisible();

  await box.fill('   \n  ');
  await submit.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Please write something before submitting.' }).first(),
  ).toBeVisible();

  await box.fill('The watering reminders are great!');
  await submit.click();
  await expect(page.getByRole('status').filter({ hasText: 'Thank you for your feedback!' })).toBeVisible();
  await expect(box).toHaveValue('');
});

test('About: the mission and the three team members', async ({ page }) => {
  await page.goto('/aboutUs');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('About Us');
  await expect(page.getByRole('region', { name: 'Our Mission' })).toContainText(
    'Mango Grove Tracker helps plant owners',
  );
  await expect(page.getByRole('region', { name: 'Meet the Team' }).getByRole('heading', { level: 3 })).toHaveCount(3);
});
