import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch, FRESH_READS_AFTER_WRITE_MS } from './api-client';

vi.mock('./auth', () => ({ getIdToken: () => Promise.resolve('id-token') }));

const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe("apiFetch and index.html's early request", () => {
  const fetchSpy = vi.fn((_path: string, _init?: RequestInit) => Promise.resolve(json({ from: 'network' })));

  beforeEach(() => {
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.__mangoPreload;
  });

  it('answers the first GET of the same path from the early request, once', async () => {
    window.__mangoPreload = { '/mango/p1': Promise.resolve(json({ from: 'preload' })) };
    await expect(apiFetch('/mango/p1')).resolves.toEqual({ from: 'preload' });
    expect(fetchSpy).not.toHaveBeenCalled();
    await expect(apiFetch('/mango/p1')).resolves.toEqual({ from: 'network' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });

  it('drops the early request when the first GET asks for something else, so it never answers later', async () => {
    window.__mangoPreload = { '/mango/p1': Promise.resolve(json({ from: 'preload' })) };
    await apiFetch('/mango?limit=8');
    expect(window.__mangoPreload).toBeUndefined();
    await expect(apiFetch('/mango/p1')).resolves.toEqual({ from: 'network' });
  });

  it("answers All Plants' two first calls, each from its own early request", async () => {
    window.__mangoPreload = {
      '/mango?sort=nextWateringDate&dir=asc&limit=12': Promise.resolve(json({ from: 'preloaded page' })),
      '/mango/facets': Promise.resolve(json({ from: 'preloaded facets' })),
    };
    await expect(apiFetch('/mango?sort=nextWateringDate&dir=asc&limit=12')).resolves.toEqual({
      from: 'preloaded page',
    });
    await expect(apiFetch('/mango/facets')).resolves.toEqual({ from: 'preloaded facets' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("never uses it for a signed-in call, whose answer differs from a visitor's", async () => {
    window.__mangoPreload = { '/mango/p1': Promise.resolve(json({ from: 'preload' })) };
    await expect(apiFetch('/mango/p1', { auth: 'required' })).resolves.toEqual({ from: 'network' });
    expect(fetchSpy.mock.calls[0]![1]!.headers).toMatchObject({ Authorization: 'Bearer id-token' });
  });

  it('turns an early 404 into the same ApiError as a normal call', async () => {
    const notFound = new Response(JSON.stringify({ error: { code: 'not_found', message: 'No plant with that id.' } }), {
      status: 404,
    });
    window.__mangoPreload = { '/mango/gone': Promise.resolve(notFound) };
    await expect(apiFetch('/mango/gone')).rejects.toMatchObject({
      name: 'ApiError',
      status: 404,
      message: 'No plant with that id.',
    });
  });
});

describe('reads right after a change of this browser', () => {
  const fetchSpy = vi.fn((_path: string, _init?: RequestInit) => Promise.resolve(json({ ok: true })));

  beforeEach(() => {
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
    sessionStorage.clear();
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  const sentToken = (call: number) => (fetchSpy.mock.calls[call]![1]!.headers as Record<string, string>).Authorization;

  it("go with the token for a minute, past the CDN's shared copy, then as a visitor again", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    await apiFetch('/mango?limit=8');
    expect(sentToken(0)).toBeUndefined();

    await apiFetch('/mango', { method: 'POST', body: { plantName: 'Fern' }, auth: 'required' });
    await apiFetch('/mango?limit=8');
    expect(sentToken(2)).toBe('Bearer id-token');

    vi.advanceTimersByTime(FRESH_READS_AFTER_WRITE_MS + 1);
    await apiFetch('/mango?limit=8');
    expect(sentToken(3)).toBeUndefined();
  });

  it('a refused change does not count', async () => {
    fetchSpy.mockResolvedValueOnce(
      new Response(JSON.stringify({ error: { code: 'rate_limited', message: 'Wait.' } }), { status: 429 }),
    );
    await expect(apiFetch('/mango', { method: 'POST', body: {}, auth: 'required' })).rejects.toMatchObject({
      status: 429,
      message: 'Wait.',
    });
    await apiFetch('/mango?limit=8');
    expect(sentToken(1)).toBeUndefined();
  });
});

describe('files up and down', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('sends a file as it is, with its own type as the Content-Type', async () => {
    const fetchSpy = vi.fn((_path: string, _init?: RequestInit) => Promise.resolve(json({ created: 1 })));
    vi.stubGlobal('fetch', fetchSpy);
    const file = new Blob(['plantName,category\r\nFern,fern\r\n'], { type: 'text/csv' });
    await expect(apiFetch('/mango/import', { method: 'POST', auth: 'required', file })).resolves.toEqual({
      created: 1,
    });
    const init = fetchSpy.mock.calls[0]![1]!;
    expect(init.body).toBe(file);
    expect(init.headers).toMatchObject({ 'Content-Type': 'text/csv', Authorization: 'Bearer id-token' });
  });

  it("answers the Response itself for a download, and an error answer still as the server's ApiError", async () => {
    const csv = new Response('plantName\r\nFern', {
      status: 200,
      headers: { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': 'attachment; filename=x.csv' },
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(csv)),
    );
    const response = await apiFetch<Response>('/mango/export?format=csv', { auth: 'required', read: 'response' });
    expect(response.headers.get('content-disposition')).toBe('attachment; filename=x.csv');
    expect(await response.text()).toBe('plantName\r\nFern');

    const refused = new Response(
      JSON.stringify({ error: { code: 'unavailable', message: 'The plant database is not answering right now.' } }),
      {
        status: 503,
      },
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(refused)),
    );
    await expect(apiFetch('/mango/export?format=csv', { auth: 'required', read: 'response' })).rejects.toMatchObject({
      name: 'ApiError',
      status: 503,
      message: 'The plant database is not answering right now.',
    });
  });
});

describe('apiFetch offline', () => {
  const fetchSpy = vi.fn((_path: string, _init?: RequestInit) => Promise.resolve(json({ from: 'network' })));
  beforeEach(() => {
    fetchSpy.mockClear();
    vi.stubGlobal('fetch', fetchSpy);
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('refuses a change with one sentence and sends nothing', async () => {
    await expect(apiFetch('/mango/p1', { method: 'DELETE', auth: 'required' })).rejects.toMatchObject({
      status: 0,
      code: 'offline',
      message:
        'You are offline: this change needs a connection, so nothing was changed. Try again once you are back online.',
    });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('still sends reads (the service worker answers them from what it kept)', async () => {
    await expect(apiFetch('/mango/p1', { auth: 'required' })).resolves.toEqual({ from: 'network' });
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
