import { randomUUID } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth.js';
import { createPlantAs, type NewPlant } from '../scripts/lib/test-plants.mjs';
import { tabTo } from './support/keyboard.js';
import { builtChunk } from './support/built-app.js';
import { createTestUser, type TestUser } from '../scripts/lib/test-users.mjs';

/*
 * All Plants and the dashboard's All Items ask the server for each view a page at a time
 * (GET /mango, paged). These tests make a set of plants bigger than a page, under a tag no other
 * test uses, and page through it in the real app.
 */

const cardNames = (page: Page) => page.getByRole('list', { name: 'Plants' }).getByRole('heading', { level: 2 });
const CATEGORIES = ['fern', 'succulent', 'Herbs'];

interface Arranged {
  tag: string;
  names: string[];
  owners: TestUser[];
}

/** 60 plants named '<tag> Plant NN', spread over three owners (writes are budgeted per account). */
async function arrangePlants(): Promise<Arranged> {
  const tag = `Paged${randomUUID().slice(0, 6)}`;
  const owners = await Promise.all([1, 2, 3].map((n) => createTestUser(`Pager ${n}`)));
  const names = Array.from({ length: 60 }, (_, i) => `${tag} Plant ${String(i).padStart(2, '0')}`);
  for (let start = 0; start < names.length; start += 6) {
    await Promise.all(
      names.slice(start, start + 6).map((plantName, j) =>
        createPlantAs(owners[(start + j) % owners.length]!, {
          plantName,
          category: CATEGORIES[(start + j) % CATEGORIES.length]!,
          careLevel: 'easy',
        }),
      ),
    );
  }
  return { tag, names, owners };
}

let arranged: Promise<Arranged> | undefined;
const plants = () => (arranged ??= arrangePlants());

test("All Plants' own code is asked for while the app's entry is still downloading, and only on that page", async ({
  page,
}) => {
  const entry = builtChunk('index.html');
  const allPlants = builtChunk('src/app/routes/all-plants.tsx');
  const requested: string[] = [];
  page.on('request', (request) => requested.push(new URL(request.url()).pathname));

  // The entry is held back until the page's chunk has been requested: only the page's preload
  // can ask for it then, since the router asks once the entry has run.
  let held = 0;
  await page.route(`**${entry}`, async (route) => {
    held += 1;
    await expect.poll(() => requested.includes(allPlants), { timeout: 5_000 }).toBe(true);
    await route.continue();
  });
  await page.goto('/allPlants');
  await expect(cardNames(page).first()).toBeVisible();
  expect(held).toBe(1);
  await page.unroute(`**${entry}`);

  // The home page downloads no other page's code.
  requested.length = 0;
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The entry is asked for once the page has loaded and its largest paint is reported (index.html).
  await expect.poll(() => requested).toContain(entry);
  expect(requested).not.toContain(allPlants);
});

test('All Plants pages through a search: 12 cards, then 12 more at each "Show more plants", in the chosen order', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { tag, names } = await plants();
  await page.goto(`/allPlants?q=${tag}&sort=plantName&dir=asc`);
  await expect(cardNames(page)).toHaveText(names.slice(0, 12));
  // A search longer than three characters reads the candidates of one of its grams within a
  // budget: the total is exact, or that gram's count, an upper bound ("up to").
  const status = page.getByRole('status').filter({ hasText: 'Showing' });
  await expect(status).toHaveText(/^Showing 12 of (60|up to \d+) matching plants \([\d,]+ in all\)\./);
  expect(Number(/of (?:up to )?(\d+) matching/.exec((await status.textContent()) ?? '')?.[1])).toBeGreaterThanOrEqual(
    60,
  );

  const more = page.getByRole('button', { name: 'Show more plants' });
  await more.click();
  await expect(cardNames(page)).toHaveText(names.slice(0, 24));
  // The keyboard lands on the first new card.
  await expect(page.getByRole('link', { name: `View Details of ${names[12]}` })).toBeFocused();
  // One click a page, each once the page before it is in: a click before React has marked the button busy
  // asks for the same page again, as a double click does.
  for (let shown = 24; shown < 60; shown += 12) {
    await more.click();
    await expect(cardNames(page)).toHaveCount(shown + 12);
  }
  await expect(cardNames(page)).toHaveText(names);
  await expect(more).toBeHidden();

  // Z to A starts again from the first page of the new order.
  await page.getByRole('button', { name: 'Plant Name' }).click();
  await expect(page).toHaveURL(/sort=plantName&dir=desc/);
  await expect(cardNames(page)).toHaveText([...names].reverse().slice(0, 12));

  // A filter with the search: the server answers the combination.
  await page.getByLabel('Category').selectOption('succulent');
  const succulents = names.filter((_, i) => i % 3 === 1);
  await expect(cardNames(page)).toHaveText([...succulents].reverse().slice(0, 12));
  await page.getByRole('button', { name: 'Show more plants' }).click();
  await expect(cardNames(page)).toHaveText([...succulents].reverse());
  await expect(page.getByRole('status').filter({ hasText: 'Showing' })).toHaveText(/^Showing 20 of [\d,]+ plants\./);
});

test('All Plants searches a substring from inside a word, in any letter case, once typing pauses', async ({ page }) => {
  test.setTimeout(90_000);
  const { tag, names } = await plants();
  await page.goto('/allPlants?sort=plantName');
  const requests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/mango') requests.push(request.url());
  });
  const search = page.getByRole('searchbox', { name: 'Search' });
  // The page's HTML is the default view's until the app has drawn this one; its fields are disabled meanwhile.
  await expect(search).toBeEnabled();
  // From inside the tag, upper case, then the number: "aged…" matches "Paged…".
  const needle = `${tag.slice(1).toUpperCase()} PLANT 4`;
  await search.pressSequentially(needle, { delay: 20 });
  // A search reads a budget of candidates per request, by name: the plants holding its rarest three
  // characters. When the random tag holds nothing rarer (no digit, as in "Pagededaced") those are
  // "ged", which every tag's plants hold, so the matches may lie beyond the first budget (0 shown,
  // "more to look through"); "Show more plants" looks on from where it stopped.
  const expected = names.filter((name) => name.toLowerCase().includes(needle.toLowerCase()));
  const more = page.getByRole('button', { name: 'Show more plants' });
  await expect(page).toHaveURL(/[?&]q=/);
  await expect(async () => {
    if ((await cardNames(page).count()) < expected.length && (await more.isVisible())) await more.click();
    await expect(cardNames(page)).toHaveText(expected, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  // Not one request per keystroke: one for the typed text (a stalled machine may let one pause
  // pass mid-word, so a few are allowed), the last for the whole of it. Looking on carries a cursor.
  const searched = requests
    .map((url) => new URL(url).searchParams)
    .filter((params) => !params.has('cursor'))
    .map((params) => params.get('q'))
    .filter((q) => q !== null);
  expect(searched.length).toBeLessThanOrEqual(3);
  expect(searched.at(-1)).toBe(needle);
});

test('All Plants filters by pet safety on the server, by keyboard on a 320 px phone, the filter kept in the URL', async ({
  page,
}) => {
  await page.setViewportSize({ width: 320, height: 720 });
  const tag = `Pets${randomUUID().slice(0, 6)}`;
  const owner = await createTestUser('Pet owner');
  // The server takes a plant's pet safety from its species in the catalogue.
  const safe: NewPlant = {
    plantName: `${tag} Boston Fern`,
    category: 'fern',
    careLevel: 'easy',
    speciesId: 'nephrolepis-exaltata',
  };
  const toxic: NewPlant = {
    plantName: `${tag} Monstera`,
    category: 'Flower',
    careLevel: 'easy',
    speciesId: 'monstera-deliciosa',
  };
  const unknown: NewPlant = { plantName: `${tag} No Species`, category: 'fern', careLevel: 'easy' };
  for (const plant of [safe, toxic, unknown]) await createPlantAs(owner, plant);

  // A shared link opens with its filter chosen.
  await page.goto(`/allPlants?q=${tag}&petSafe=both&sort=plantName&dir=asc`);
  const pets = page.getByLabel('Pets');
  await expect(pets).toHaveValue('both');
  await expect(cardNames(page)).toHaveText([safe.plantName]);

  await expect(
    page.getByRole('list', { name: 'Plants' }).getByText('Safe for cats and dogs', { exact: true }),
  ).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);

  // By keyboard: the filter's first option, "All plants", is one arrow up from "Safe for cats and dogs".
  await tabTo(page, pets);
  await page.keyboard.press('ArrowUp');
  await expect(pets).toHaveValue('');
  await expect(cardNames(page)).toHaveText([safe.plantName, toxic.plantName, unknown.plantName]);
  expect(new URL(page.url()).searchParams.has('petSafe')).toBe(false);

  await page.goBack();
  await expect(pets).toHaveValue('both');
  await expect(cardNames(page)).toHaveText([safe.plantName]);
});

test('All Items pages the table 50 rows at a time and searches name or category on the server', async ({ page }) => {
  test.setTimeout(90_000);
  const { tag, names, owners } = await plants();
  await signIn(page, owners[0]!);
  await page.goto('/dashboard/all-items');
  const search = page.getByRole('searchbox', { name: 'Search items' });
  await search.fill(tag.toLowerCase());
  const table = page.getByRole('table');
  await expect(table.getByRole('rowheader')).toHaveText(names.slice(0, 50));
  // A search's total is exact, or an upper bound when it was counted from the search's candidates
  // (other runs' tags share some of this one's letters).
  await expect(page.getByText(/^Showing 50 of (60|up to \d+) items\.$/)).toBeVisible();
  await page.getByRole('button', { name: 'Show more items' }).click();
  await expect(table.getByRole('rowheader')).toHaveText(names);
  await expect(page.getByRole('button', { name: 'Show more items' })).toBeHidden();

  // The search matches categories too: every plant in the Herbs category, this run's and others'.
  await search.fill('HERB');
  const everyRowMatches = async () => {
    const categories = await table.locator('tbody tr td:nth-child(3)').allTextContents();
    const rowNames = await table.getByRole('rowheader').allTextContents();
    return (
      categories.length > 0 &&
      categories.every((category, i) => category === 'Herbs' || rowNames[i]!.toLowerCase().includes('herb'))
    );
  };
  await expect.poll(everyRowMatches).toBe(true);
});
