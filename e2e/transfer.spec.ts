import { readFile } from 'node:fs/promises';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createPlantAs, uniquePlantName } from '../scripts/lib/test-plants.mjs';
import { signIn } from './support/auth.js';
import { createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

/** My Plants, signed in: the app sends a visitor to /login, then back. */
async function openMyPlants(page: Page, user: TestUser): Promise<void> {
  await page.goto('/myPlants');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, user);
  await expect(page).toHaveURL(/\/myPlants$/);
}

const panel = (page: Page) => page.getByRole('region', { name: 'Export and import' });
const fileInput = (page: Page) => panel(page).getByLabel('Choose a CSV or JSON file');

/** Clicks an export button and reads the file the browser saved. */
async function download(page: Page, button: string): Promise<{ name: string; text: string }> {
  const saved = page.waitForEvent('download');
  await panel(page).getByRole('button', { name: button }).click();
  const file = await saved;
  return { name: file.suggestedFilename(), text: await readFile((await file.path())!, 'utf8') };
}

const csvFile = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test.describe('Export and import on My Plants', () => {
  test("Export CSV and Export JSON download the user's plants under a dated name", async ({ page }) => {
    const user = await createTestUser('Export Gardener');
    // Names that sort after the other tests' plants, which All Items expects on its first page.
    const fern = uniquePlantName('Transfer Fern');
    const cactus = uniquePlantName('Transfer Cactus');
    const formula = `=1+1 ${fern}`;
    await createPlantAs(user, { plantName: fern, category: 'fern', wateringFrequency: 'Every 3 days' });
    await createPlantAs(user, { plantName: cactus, category: 'succulent', description: formula });
    await openMyPlants(page, user);
    await expect(page.getByRole('table', { name: 'My plants' }).getByRole('row')).toHaveCount(3);

    const csv = await download(page, 'Export CSV');
    expect(csv.name).toMatch(/^mango-grove-plants-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(csv.text.split('\r\n')[0]).toMatch(
      /^plantName,category,careLevel,wateringFrequency,healthStatus,lastWateredDate,nextWateringDate,description,image,_id,/,
    );
    expect(csv.text).toContain(`${fern},fern,easy,Every 3 days,Healthy,`);
    // The formula guard: a spreadsheet sees text, not a formula.
    expect(csv.text).toContain(`${cactus},succulent,easy,,Healthy,,,"'${formula}",`);
    await expect(
      panel(page)
        .getByRole('status')
        .filter({ hasText: `Downloaded ${csv.name}.` }),
    ).toBeVisible();

    const json = await download(page, 'Export JSON');
    expect(json.name).toMatch(/^mango-grove-plants-\d{4}-\d{2}-\d{2}\.json$/);
    const file = JSON.parse(json.text) as {
      exportedAt: string;
      plants: { plantName: string; userEmail: string; events: { type: string }[] }[];
    };
    expect(file.plants.map((plant) => plant.plantName).sort()).toEqual([cactus, fern].sort());
    expect(file.plants.every((plant) => plant.userEmail === user.email && plant.events[0]?.type === 'added')).toBe(
      true,
    );
  });

  test('an import with one bad row shows the row and field and stores nothing; the fixed file imports on Confirm and the list shows it', async ({
    page,
  }) => {
    const user = await createTestUser('Import Gardener');
    await openMyPlants(page, user);
    await expect(page.getByText("You haven't added any plants yet.")).toBeVisible();
    const first = uniquePlantName('Transfer Imported Fern');
    const second = uniquePlantName('Transfer Imported Rose');

    await fileInput(page).setInputFiles(
      csvFile(
        'plants.csv',
        `plantName,category,wateringFrequency\r\n${first},fern,Every 4 days\r\n${second},tree,Weekly\r\n`,
      ),
    );
    const preview = panel(page).getByRole('region', { name: 'Import preview' });
    await expect(preview.getByRole('alert')).toHaveText(
      'One problem in the file, so nothing can be imported. Correct it in the file and choose it again.',
    );
    await expect(preview.getByRole('list', { name: 'Problems' }).getByRole('listitem')).toHaveText(
      'Row 3, category: Category must be one of: succulent, fern, flowering, bonsai, Fruit, Flower, Vegetable, Herbs.',
    );
    await expect(preview.getByRole('list', { name: 'Plants to add' }).getByRole('listitem')).toHaveText([
      `${first} (fern)`,
    ]);
    await expect(preview.getByRole('button', { name: 'Confirm import' })).toBeDisabled();
    // The dry run stored nothing.
    await page.reload();
    await expect(page.getByText("You haven't added any plants yet.")).toBeVisible();

    await fileInput(page).setInputFiles(
      csvFile(
        'plants-fixed.csv',
        `plantName,category,wateringFrequency\r\n${first},fern,Every 4 days\r\n${second},Flower,Weekly\r\n`,
      ),
    );
    await expect(preview.getByText('plants-fixed.csv: 2 plants to add.')).toBeVisible();
    await expect(preview.getByRole('list', { name: 'Plants to add' }).getByRole('listitem')).toHaveText([
      `${first} (fern)`,
      `${second} (Flower)`,
    ]);
    await preview.getByRole('button', { name: 'Confirm import of 2 plants' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Imported 2 plants.' })).toBeVisible();
    await expect(preview).toBeHidden();
    const table = page.getByRole('table', { name: 'My plants' });
    await expect(table.getByRole('row', { name: new RegExp(first) })).toBeVisible();
    await expect(table.getByRole('row', { name: new RegExp(second) })).toBeVisible();

    // The same file again adds nothing: its rows are new plants only once they have ids of the user's.
    const exported = await download(page, 'Export CSV');
    await fileInput(page).setInputFiles(csvFile(exported.name, exported.text));
    await expect(
      preview.getByText(`Nothing to import from ${exported.name}: every plant in it is already in your list.`),
    ).toBeVisible();
    await expect(preview.getByRole('list', { name: 'Rows to skip' }).getByRole('listitem')).toHaveCount(2);
  });

  test('works by keyboard and fits a 320 px phone with a preview open', async ({ page }) => {
    const user = await createTestUser('Keyboard Mover');
    await openMyPlants(page, user);
    await page.setViewportSize({ width: 320, height: 640 });
    // Playwright catches the system's file chooser only once it has asked the browser to, which a
    // listener starts without waiting for: it is set up well before the key that opens one.
    const chooser = page.waitForEvent('filechooser');
    const exportCsv = panel(page).getByRole('button', { name: 'Export CSV' });
    await exportCsv.focus();
    await page.keyboard.press('Tab');
    await expect(panel(page).getByRole('button', { name: 'Export JSON' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(fileInput(page)).toBeFocused();
    // Enter on the focused picker opens the system's file chooser.
    await page.keyboard.press('Enter');
    await (
      await chooser
    ).setFiles(
      csvFile(
        'long.csv',
        `plantName,category\r\n${'A very long plant name without spaces'.replace(/ /g, '')},tree\r\n`,
      ),
    );
    const preview = panel(page).getByRole('region', { name: 'Import preview' });
    await expect(preview.getByRole('list', { name: 'Problems' })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(preview.getByRole('button', { name: 'Cancel' })).toBeFocused();
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.keyboard.press('Enter');
    await expect(preview).toBeHidden();
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`with a preview open, it has no serious or critical axe violations in the ${theme} theme`, async ({
      page,
    }) => {
      await page.addInitScript((value) => localStorage.setItem('theme', value), theme);
      const user = await createTestUser(`Axe ${theme} Mover`);
      await openMyPlants(page, user);
      await fileInput(page).setInputFiles(
        csvFile('axe.csv', 'plantName,category\r\nGood Fern,fern\r\nBad Tree,tree\r\n'),
      );
      await expect(panel(page).getByRole('region', { name: 'Import preview' })).toBeVisible();
      const results = await new AxeBuilder({ page })
        .include('section:has(> div input[type=file])')
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
        .analyze();
      // The rules ran on the panel (an include that matched nothing would prove nothing).
      expect(
        results.passes.some((rule) =>
          rule.nodes.some((node) => node.html.startsWith('<input') && node.html.includes('type="file"')),
        ),
      ).toBe(true);
      const serious = results.violations.filter(
        (violation) => violation.impact === 'serious' || violation.impact === 'critical',
      );
      expect(
        serious.map(
          (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      ).toEqual([]);
    });
  }
});
