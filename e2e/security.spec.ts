import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/auth.js';
import { builtFile } from './support/built-app.js';
import { createTestUser } from '../scripts/lib/test-users.mjs';

function cspOf(headers: Record<string, string>): Map<string, string[]> {
  const policy = headers['content-security-policy'] ?? '';
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...values]) => [name!, values]),
  );
}

test.describe('Hosting headers', () => {
  test('every page answer carries the security headers and revalidates', async ({ request }) => {
    for (const route of ['/', '/allPlants', '/plant/some-id', '/dashboard/my-items', '/index.html']) {
      const response = await request.get(route);
      expect(response.status(), route).toBe(200);
      const headers = response.headers();
      expect(headers['x-content-type-options'], route).toBe('nosniff');
      expect(headers['referrer-policy'], route).toBe('strict-origin-when-cross-origin');
      expect(headers['x-frame-options'], route).toBe('DENY');
      expect(headers['strict-transport-security'], route).toMatch(/max-age=\d{7,}/);
      expect(headers['permissions-policy'], route).toContain('camera=()');
      expect(headers['cache-control'], route).toBe('no-cache');
      const csp = cspOf(headers);
      expect(csp.get('default-src'), route).toEqual(["'self'"]);
      expect(csp.get('object-src'), route).toEqual(["'none'"]);
      expect(csp.get('frame-ancestors'), route).toEqual(["'none'"]);
      expect(csp.get('img-src'), route).toEqual(["'self'", 'https:']);
      expect(csp.get('script-src')?.join(' '), route).not.toContain('unsafe');
      expect(csp.get('style-src')?.join(' '), route).not.toContain('unsafe');
    }
  });

  test("production's policy (firebase.json) names production hosts only; the local stack adds the Auth emulator", async ({
    request,
  }) => {
    const config = JSON.parse(readFileSync(new URL('../firebase.json', import.meta.url), 'utf8')) as {
      hosting: { headers: { headers: { key: string; value: string }[] }[] };
    };
    const policies = config.hosting.headers
      .flatMap((rule) => rule.headers)
      .filter((header) => header.key === 'Content-Security-Policy');
    expect(policies).toHaveLength(1);
    for (const [directive, sources] of cspOf({ 'content-security-policy': policies[0]!.value })) {
      for (const source of sources) {
        expect(source, `${directive} in firebase.json`).not.toMatch(/localhost|127\.0\.0\.1|^http:/);
      }
    }
    // What the local stack serves: the same policy, plus the Auth emulator it signs in with.
    const served = cspOf((await request.get('/')).headers());
    expect(served.get('connect-src')).toEqual(
      expect.arrayContaining(['http://127.0.0.1:9099', 'http://localhost:9099']),
    );
    expect(served.get('frame-src')).toEqual(expect.arrayContaining(['http://127.0.0.1:9099', 'http://localhost:9099']));
  });

  test('the CSP allows exactly the inline script that index.html ships, by its hash', async ({ request }) => {
    const html = readFileSync(builtFile('index.html'), 'utf8');
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);
    expect(inline.length).toBeGreaterThan(0);
    const scriptSrc = cspOf((await request.get('/')).headers()).get('script-src') ?? [];
    for (const script of inline) {
      const hash = `'sha256-${createHash('sha256').update(script).digest('base64')}'`;
      expect(scriptSrc, `firebase.json's script-src needs ${hash} for the inline script in web/index.html`).toContain(
        hash,
      );
    }
  });

  test('hashed assets are cached for a year, images for a day', async ({ request }) => {
    const html = await (await request.get('/')).text();
    const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(asset).toBeTruthy();
    const assetResponse = await request.get(asset!);
    expect(assetResponse.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const image = await request.get('/images/placeholder-plant.svg');
    expect(image.headers()['cache-control']).toBe('public, max-age=86400');
  });

  test("the API's own caching is not overridden by Hosting", async ({ request }) => {
    const list = await request.get('/mango?limit=1');
    expect(list.headers()['cache-control']).toBe('public, max-age=0, s-maxage=30, stale-while-revalidate=30');
    expect(list.headers()['x-content-type-options']).toBe('nosniff');
    const missing = await request.get('/mango/no-such-plant');
    expect(missing.status()).toBe(404);
    expect(missing.headers()['cache-control']).toBe('no-store');
  });
});

async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      problems.push(message.text());
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __cspViolations: string[] };
    w.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      w.__cspViolations.push(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`);
    });
  });
  return async () => [
    ...problems,
    ...(await page.evaluate(() => (window as unknown as { __cspViolations: string[] }).__cspViolations)),
  ];
}

test('the app works under its CSP: pages, sign-in, toasts and dialogs raise no violation', async ({ page }) => {
  const violations = await recordViolations(page);
  const user = await createTestUser('Csp Checker');

  await page.goto('/');
  await expect(page.getByRole('region', { name: 'New Plants' }).getByRole('listitem').first()).toBeVisible();
  await page.goto('/allPlants');
  await page.goto('/support');
  await page.getByRole('tab', { name: 'Feedback' }).click();
  await page.getByRole('button', { name: 'Submit Feedback' }).click();
  await expect(page.getByText('Please write something before submitting.')).toBeVisible();

  await signIn(page, user);
  await page.goto('/myPlants');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  expect(await violations()).toEqual([]);
});
