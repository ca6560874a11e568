import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { USER_CACHE } from './messages';
import {
  answerToKeep,
  ASKED_AT_HEADER,
  DIGEST_HEADER,
  forgetOtherUsersAnswers,
  keepAnswerBeforeWorker,
  keptKey,
  mayKeep,
  mayKeepPath,
  ownerOfKey,
  ownerOfRequest,
  uidOfToken,
} from './user-answers';

const base64url = (text: string) =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text)))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
/** A JWT as Firebase signs it (the signature is never read here). */
const tokenOf = (claims: unknown) =>
  `${base64url('{"alg":"RS256","typ":"JWT"}')}.${base64url(JSON.stringify(claims))}.c2lnbmF0dXJl`;

const URL_OF_STATS = 'https://mango.test/mango/stats';

describe('uidOfToken', () => {
  it("reads Firebase's user_id, else the standard sub", () => {
    expect(uidOfToken(tokenOf({ user_id: 'ada', sub: 'ada' }))).toBe('ada');
    expect(uidOfToken(tokenOf({ sub: 'grace' }))).toBe('grace');
    expect(uidOfToken(tokenOf({ user_id: '', sub: 'grace' }))).toBe('grace');
  });

  it('reads a payload that base64url writes with - and _ and without padding, names in any script included', () => {
    // "?>" and "~~" encode to "/" and "+" in base64, so "_" and "-" in base64url.
    const claims = { user_id: 'u-1', name: 'Zoë ?>~~ 森', picture: 'https://x.test/?>' };
    const token = tokenOf(claims);
    expect(token.split('.')[1]).toMatch(/[-_]/);
    expect(token.split('.')[1]).not.toMatch(/=/);
    expect(uidOfToken(token)).toBe('u-1');
  });

  it.each([
    ['no payload', 'just-one-part'],
    ['a payload that is not base64', 'a.%%%.c'],
    ['a payload that is not JSON', `a.${base64url('not json')}.c`],
    ['JSON that is not an object', `a.${base64url('"ada"')}.c`],
    ['no uid in it', tokenOf({ email: 'ada@example.test' })],
    ['a uid that is not a string', tokenOf({ user_id: 42, sub: { id: 'ada' } })],
  ])('is null for a token with %s', (_, token) => {
    expect(uidOfToken(token)).toBeNull();
  });
});

describe('keptKey', () => {
  const bearer = (uid: string, claims: object = {}) => `Bearer ${tokenOf({ user_id: uid, sub: uid, ...claims })}`;

  it("keeps a visitor's answer under its URL, and each user's under URL?__as=<uid>", () => {
    expect(keptKey(URL_OF_STATS, null)).toBe(URL_OF_STATS);
    expect(keptKey(URL_OF_STATS, bearer('ada'))).toBe(`${URL_OF_STATS}?__as=ada`);
    expect(keptKey(`${URL_OF_STATS}?day=2026-03-04`, bearer('grace'))).toBe(
      `${URL_OF_STATS}?day=2026-03-04&__as=grace`,
    );
  });

  it("never gives one user's request another user's key; a refreshed token of the same user gives the same", () => {
    const ada = keptKey(URL_OF_STATS, bearer('ada', { iat: 1 }));
    expect(keptKey(URL_OF_STATS, bearer('ada', { iat: 3601 }))).toBe(ada);
    expect(keptKey(URL_OF_STATS, bearer('grace'))).not.toBe(ada);
    expect(keptKey(URL_OF_STATS, null)).not.toBe(ada);
  });

  it('keeps nothing for a token that cannot be read, nor for a URL that already names a user', () => {
    expect(keptKey(URL_OF_STATS, 'Bearer not-a-token')).toBeNull();
    expect(keptKey(URL_OF_STATS, `Bearer ${tokenOf({ email: 'ada@example.test' })}`)).toBeNull();
    expect(keptKey(`${URL_OF_STATS}?__as=ada`, null)).toBeNull();
    expect(keptKey(`${URL_OF_STATS}?__as=ada`, bearer('grace'))).toBeNull();
  });

  it('names the owner of each key', () => {
    expect(ownerOfKey(keptKey(URL_OF_STATS, bearer('ada'))!)).toBe('ada');
    expect(ownerOfKey(URL_OF_STATS)).toBeNull();
  });
});

describe('mayKeep', () => {
  it.each([
    ['no-store', false],
    ['private, no-store', false],
    ['Private, No-Store', false],
    ['no-store, max-age=0', false],
    ['public, max-age=0, s-maxage=30, stale-while-revalidate=30', true],
    ['private, no-cache', true],
    [null, true],
  ])('Cache-Control %s: kept %s', (cacheControl, kept) => {
    expect(mayKeep(new Headers(cacheControl === null ? {} : { 'Cache-Control': cacheControl }))).toBe(kept);
  });

  it('takes the field addressed to the worker over Cache-Control when the answer has one', () => {
    expect(
      mayKeep(new Headers({ 'Cache-Control': 'private, no-store', 'Mango-Worker-Cache-Control': 'private' })),
    ).toBe(true);
    expect(
      mayKeep(new Headers({ 'Cache-Control': 'public, max-age=60', 'Mango-Worker-Cache-Control': 'no-store' })),
    ).toBe(false);
  });
});

describe('forgetOtherUsersAnswers', () => {
  afterEach(() => vi.unstubAllGlobals());

  /** Cache Storage with one cache holding `urls`. */
  function cacheStorageWith(urls: string[]) {
    const kept = new Set(urls);
    const cache = {
      keys: async () => [...kept].map((url) => new Request(url)),
      delete: async (request: Request) => kept.delete(request.url),
    };
    vi.stubGlobal('caches', { has: async (name: string) => name === USER_CACHE, open: async () => cache });
    return kept;
  }

  const visitor = [URL_OF_STATS, 'https://mango.test/mango?limit=8', 'https://mango.test/__mango/last-change'];
  const ada = ['https://mango.test/mango/stats?__as=ada', 'https://mango.test/mango/due?until=2026-03-04&__as=ada'];
  const grace = ['https://mango.test/mango/stats?__as=grace'];

  it("deletes the answers kept for every other user, keeping the visitors' and the user's own", async () => {
    const kept = cacheStorageWith([...visitor, ...ada, ...grace]);
    await forgetOtherUsersAnswers('grace');
    expect([...kept]).toEqual([...visitor, ...grace]);
  });

  it('deletes every user’s answers when nobody is signed in', async () => {
    const kept = cacheStorageWith([...visitor, ...ada, ...grace]);
    await forgetOtherUsersAnswers(null);
    expect([...kept]).toEqual(visitor);
  });
});

describe('ownerOfRequest', () => {
  it('names the user a request asks as, by its token or the user its URL names, and null for a visitor', () => {
    const asked = (url: string, token?: string) =>
      ownerOfRequest(new Request(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} }));
    expect(asked('https://mango.test/mango/p1/events', tokenOf({ sub: 'ada' }))).toBe('ada');
    expect(asked('https://mango.test/mango/p1/events?__as=grace')).toBe('grace');
    expect(asked('https://mango.test/mango/p1')).toBeNull();
  });
});

describe('mayKeepPath', () => {
  it('never keeps household invites (a token in the path), downloads or the calendar link', () => {
    for (const path of [
      '/mango/household/invites',
      `/mango/household/invites/${'T'.repeat(43)}`,
      '/mango/export',
      '/mango/calendar',
      '/mango/calendar/rotate',
    ])
      expect(mayKeepPath(path), path).toBe(false);
  });

  it("keeps the user's lists, plants and household", () => {
    for (const path of [
      '/mango',
      '/mango/due',
      '/mango/abc123/events',
      '/mango/household',
      '/mango/household/plants',
      '/mango/exportable-plant-id',
    ])
      expect(mayKeepPath(path), path).toBe(true);
  });
});

describe('keepAnswerBeforeWorker (what a first visit read before the worker controlled the page)', () => {
  // jsdom has no SubtleCrypto, which a kept answer's digest needs: Node's, as the browser's.
  beforeEach(async () => {
    const node = 'node:crypto';
    vi.stubGlobal('crypto', ((await import(/* @vite-ignore */ node)) as { webcrypto: Crypto }).webcrypto);
  });
  afterEach(() => vi.unstubAllGlobals());

  /** Cache Storage whose USER_CACHE records what is put in it, by key. */
  function recordingCache() {
    const put = new Map<string, Response>();
    const cache = { put: async (key: string, response: Response) => void put.set(key, response) };
    vi.stubGlobal('caches', { open: async (name: string) => (name === USER_CACHE ? cache : undefined) });
    return put;
  }
  const userAnswer = (body: string, status = 200, field = 'private') =>
    new Response(body, {
      status,
      headers: {
        'Content-Type': 'application/json',
        'Cache-Control': 'private, no-store',
        'Mango-Worker-Cache-Control': field,
        Vary: 'Authorization',
      },
    });
  const adaToken = `Bearer ${tokenOf({ user_id: 'ada' })}`;

  it("keeps the user's answer under their key, as the worker does: stamped with when it was asked for and its digest", async () => {
    const put = recordingCache();
    const list = 'https://mango.test/mango?email=ada%40mango.test&limit=10';
    await keepAnswerBeforeWorker(list, adaToken, userAnswer('{"plants":[]}'), 1_700_000_000_000);
    expect([...put.keys()]).toEqual([`${list}&__as=ada`]);
    const kept = put.get(`${list}&__as=ada`)!;
    expect(await kept.text()).toBe('{"plants":[]}');
    expect(kept.headers.get(ASKED_AT_HEADER)).toBe('1700000000000');
    expect(kept.headers.get(DIGEST_HEADER)).toMatch(/^[0-9a-f]{64}$/);
    expect(kept.headers.get('Vary')).toBeNull();
    // The same body, the same digest: the worker's broadcast compares them.
    const again = await answerToKeep(userAnswer('{"plants":[]}'), 1);
    expect(again.headers.get(DIGEST_HEADER)).toBe(kept.headers.get(DIGEST_HEADER));
  });

  it("keeps a visitor's answer under its own address", async () => {
    const put = recordingCache();
    const visitor = new Response('[]', { status: 200, headers: { 'Cache-Control': 'public, max-age=30' } });
    await keepAnswerBeforeWorker(URL_OF_STATS, null, visitor, 1);
    expect([...put.keys()]).toEqual([URL_OF_STATS]);
  });

  it('keeps nothing the worker would not: an error, a no-store answer, a download, a photo, an unreadable token', async () => {
    const put = recordingCache();
    await keepAnswerBeforeWorker('https://mango.test/mango/p1', adaToken, userAnswer('{}', 404), 1);
    await keepAnswerBeforeWorker('https://mango.test/mango/calendar', adaToken, userAnswer('{}', 200, 'no-store'), 1);
    await keepAnswerBeforeWorker('https://mango.test/mango/export', adaToken, userAnswer('{}'), 1);
    await keepAnswerBeforeWorker('https://mango.test/mango/p1/photos/f1/card.webp', adaToken, userAnswer('{}'), 1);
    await keepAnswerBeforeWorker('https://mango.test/mango/p1', 'Bearer not-a-token', userAnswer('{}'), 1);
    expect(put.size).toBe(0);
  });
});
