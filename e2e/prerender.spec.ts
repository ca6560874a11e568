import { expect, test, type Page } from '@playwright/test';
import { accountArea, expectSignedIn, signIn } from './support/auth.js';
import { reactHasPage } from './support/hydration.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

/** The public pages the build prerenders (web/build/prerendered-pages.ts), each with its heading. */
const PAGES = [
  { path: '/', title: 'Home', heading: 'Mango Grove Tracker: plant care made simple' },
  { path: '/login', title: 'Login', heading: 'Login' },
  { path: '/register', title: 'Register', heading: 'Register' },
  { path: '/allPlants', title: 'All Plants', heading: 'All Plants' },
  { path: '/support', title: 'Support', heading: 'Support' },
  { path: '/aboutUs', title: 'About Us', heading: 'About Us' },
] as const;

/** An address no route has: Hosting answers it with the not-found page, status 404. */
const UNKNOWN_ADDRESS = '/no/such/page';

test.describe('with JavaScript disabled', () => {
  test.use({ javaScriptEnabled: false });

  test('every public page is there, from its HTML alone', async ({ page }) => {
    for (const { path, title, heading } of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(200);
      await expect(page, path).toHaveTitle(`Mango Grove Tracker | ${title}`);
      await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
      await expect(page.getByRole('main'), path).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: 'Mango Grove Tracker' }), path).toBeVisible();
    }
  });

  test("each page's own content is in its HTML", async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Plant care highlights' }).locator('img').first()).toBeVisible();
    await expect(page.getByRole('heading', { name: 'New Plants' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('Mango Grove Tracker. All rights reserved.');

    await page.goto('/allPlants');
    await expect(page.getByRole('searchbox')).toBeVisible();
    await expect(page.getByLabel('Category')).toBeVisible();
    await expect(page.getByLabel('Care Level')).toBeVisible();

    await page.goto('/login');
    await expect(page.getByLabel('Email', { exact: true })).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Sign In', exact: true })).toBeVisible();
  });

  test('an unknown address is the not-found page, answered 404', async ({ page }) => {
    const response = await page.goto(UNKNOWN_ADDRESS);
    expect(response?.status()).toBe(404);
    await expect(page).toHaveTitle('Mango Grove Tracker | Not Found');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Plant Not Found!');
    await expect(page.getByRole('main').getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
  });
});

/**
 * Errors the page logs or throws (but the browser's note of the not-found page's own status, and
 * of a photo another test deleted between the list's answer and the card's request: the home page
 * and All Plants show every test's newest plants), whether React took over the prerendered markup
 * rather than drawing anew, and whether the footer in the HTML stayed on screen (not taken away
 * and drawn again).
 */
async function watchHydration(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    const where = new URL(message.location().url || 'about:blank').pathname;
    const expected404 = where === UNKNOWN_ADDRESS || /^\/mango\/[\w-]+\/photos\//.test(where);
    if (message.type() === 'error' && !(expected404 && message.text().includes('status of 404')))
      errors.push(`${message.text()} at ${message.location().url}`);
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await page.addInitScript(() => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { __prerendered: Element | null }).__prerendered = document.getElementById('main');
      (window as unknown as { __footer: Element | null }).__footer = document.querySelector('footer');
    });
  });
  return {
    errors,
    keptMarkup: () =>
      page.evaluate(
        () =>
          (window as unknown as { __prerendered: Element | null }).__prerendered !== null &&
          (window as unknown as { __prerendered: Element | null }).__prerendered === document.getElementById('main'),
      ),
    keptFooter: () =>
      page.evaluate(() => {
        const footer = (window as unknown as { __footer: Element | null }).__footer;
        return footer !== null && footer === document.querySelector('footer');
      }),
  };
}

test.describe('with JavaScript', () => {
  for (const visitor of [
    { name: 'a visitor', theme: 'light', remembered: null },
    // What the build could not know: a user this browser remembers, in the dark theme.
    {
      name: 'a remembered user in the dark theme',
      theme: 'dark',
      remembered: { uid: 'prerender-e2e', email: 'gardener@example.com', displayName: 'Ana', photoURL: null },
    },
  ])
    test(`every public page hydrates without an error, for ${visitor.name}`, async ({ page }) => {
      const watch = await watchHydration(page);
      await page.addInitScript(({ theme, remembered }) => {
        localStorage.setItem('theme', theme);
        if (remembered) localStorage.setItem('mango.user', JSON.stringify(remembered));
      }, visitor);
      // The not-found page too, at an address no route has (Hosting answers each with it).
      for (const { path, heading } of [...PAGES, { path: UNKNOWN_ADDRESS, heading: 'Plant Not Found!' }]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 }), path).toHaveText(heading);
        // React has taken the page over (it keeps its own on the nodes it hydrated)...
        await reactHasPage(page);
        // ...and the toggle answers, drawn as the browser's theme says.
        const toggle = page.getByRole('button', { name: 'Dark theme' });
        await expect(toggle, path).toHaveAttribute('aria-pressed', String(visitor.theme === 'dark'));
        await toggle.click();
        await expect(toggle, path).toHaveAttribute('aria-pressed', String(visitor.theme !== 'dark'));
        await toggle.click();
        expect(await watch.keptMarkup(), `${path} was hydrated, not drawn again`).toBe(true);
        // The page's data is in (the home page's and All Plants' lists): its footer never left.
        await expect(page.getByText('Loading, please wait...')).toHaveCount(0);
        expect(await watch.keptFooter(), `${path} kept the footer of its HTML`).toBe(true);
      }
      expect(watch.errors).toEqual([]);
    });
});

/** What a largest paint Chromium reported names: its time, its element and what that element showed then. */
interface LargestPaint {
  at: number;
  url: string;
  element: Element | null;
  src: string | null;
  srcset: string | null;
  sizes: string | null;
}

/** Keeps every largest paint Chromium reports, from the page's first moment, with what its element showed. */
async function recordPaints(page: Page) {
  await page.addInitScript(() => {
    const paints: LargestPaint[] = [];
    (window as unknown as { __paints: LargestPaint[] }).__paints = paints;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as PerformanceEntry[] & { url: string; element: Element | null }[])
        paints.push({
          at: entry.startTime,
          url: entry.url,
          element: entry.element,
          src: entry.element?.getAttribute('src') ?? null,
          srcset: entry.element?.getAttribute('srcset') ?? null,
          sizes: entry.element?.getAttribute('sizes') ?? null,
        });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}

/**
 * When the app's entry was asked for, the last largest paint before that, and whether its element is
 * still on the page, showing the same file, never painted again with another.
 */
function paintBeforeEntry(page: Page) {
  return page.evaluate(() => {
    const paints = (window as unknown as { __paints: LargestPaint[] }).__paints;
    // The app's entry, the first file the page names to load after its paint (web/build/prerender.ts).
    const entry = document.getElementsByName('mango-after-paint')[0]!.getAttribute('content')!.split(' ')[0]!;
    const requested = performance.getEntriesByName(new URL(entry, location.href).href)[0]?.startTime ?? null;
    const html = paints.filter((paint) => requested !== null && paint.at <= requested).at(-1);
    const element = html?.element;
    return {
      requested,
      htmlPaint: html ? { at: html.at, url: html.url, src: html.src, srcset: html.srcset, sizes: html.sizes } : null,
      kept: element ? element.isConnected : null,
      now: element
        ? {
            src: element.getAttribute('src'),
            srcset: element.getAttribute('srcset'),
            sizes: element.getAttribute('sizes'),
          }
        : null,
      repainted: paints.filter((paint) => paint.element === element && paint.url !== html?.url).map((p) => p.url),
    };
  });
}

test("the app's scripts come after the HTML's largest paint and keep its element as it is", async ({ page }) => {
  await recordPaints(page);
  for (const { path } of PAGES.filter(({ path }) => path !== '/register')) {
    await page.goto(path);
    await reactHasPage(page);
    await expect(page.getByText('Loading, please wait...')).toHaveCount(0);
    const found = await paintBeforeEntry(page);
    expect(found.requested, `${path}: the app's entry was requested`).not.toBeNull();
    expect(found.htmlPaint, `${path}: a largest paint before the app's scripts were asked for`).not.toBeNull();
    expect(found.kept, `${path}: the element of the HTML's largest paint is still the page's`).toBe(true);
    const { src, srcset, sizes } = found.htmlPaint!;
    expect(found.now, path).toEqual({ src, srcset, sizes });
    expect(found.repainted, path).toEqual([]);
  }
});

test.describe('a page whose first frame comes a second after its load', () => {
  // The page is held undrawn by a style the test adds to its HTML, which the policy would refuse.
  test.use({ bypassCSP: true });

  test("still gets the app's scripts only after its first paint", async ({ page }) => {
    // As a busy phone can hold it (Chromium on a loaded 2-core machine drew nothing from 0.36 s to
    // 1.23 s): the home page's HTML, drawn nothing until the test lets it.
    await page.route(
      (url) => url.pathname === '/',
      async (route) => {
        const response = await route.fetch();
        const html = (await response.text()).replace(
          '<head>',
          '<head><style id="held">html{visibility:hidden}</style>',
        );
        await route.fulfill({ response, body: html });
      },
    );
    await recordPaints(page);
    await page.goto('/');
    // A second of the page's own time after its load, as the held frame was; then it is drawn.
    await page.waitForFunction(
      () =>
        performance.now() >
        (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).loadEventEnd + 1000,
    );
    await page.evaluate(() => document.getElementById('held')!.remove());
    await reactHasPage(page);
    const found = await paintBeforeEntry(page);
    expect(found.requested, "the app's entry was requested").not.toBeNull();
    expect(found.htmlPaint, "a largest paint before the app's scripts were asked for").not.toBeNull();
  });
});

/** Where the header's parts are: the logo, each visible link of the main navigation, the theme toggle, the account area. */
function headerLayout(): Record<string, string> {
  const header = document.querySelector('header')!;
  const parts: Record<string, Element | null> = {
    logo: header.querySelector('a[href="/"]'),
    theme: header.querySelector('button[aria-label="Dark theme"]'),
    account: header.querySelector('[role="group"][aria-label="Account"]'),
  };
  for (const link of Array.from(header.querySelectorAll('nav a')))
    if (link.getClientRects().length > 0) parts[`link ${link.textContent}`] = link;
  return Object.fromEntries(
    Object.entries(parts).map(([name, part]) => {
      const box = part?.getBoundingClientRect();
      return [name, box ? `${box.x},${box.y} ${box.width}x${box.height}` : 'none'];
    }),
  );
}

test("a signed-in user's header is drawn from the first paint where it ends: nothing in it moves", async ({ page }) => {
  await signIn(page, await createTestUser('Steady Header'));
  // The header as first painted from the HTML, before the app has run.
  await page.addInitScript(
    `document.addEventListener('DOMContentLoaded', () => { window.__firstPaint = (${headerLayout.toString()})(); });`,
  );
  for (const path of ['/', '/allPlants']) {
    await page.goto(path);
    await expectSignedIn(page);
    await expect(accountArea(page).getByRole('link', { name: 'Login', exact: true })).toHaveCount(0);
    const first = await page.evaluate(
      () => (window as unknown as { __firstPaint: Record<string, string> }).__firstPaint,
    );
    expect(first.account, path).not.toBe('none');
    expect(await page.evaluate(headerLayout), path).toEqual(first);
  }
});
