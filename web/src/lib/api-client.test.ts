import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from './api-client';

vi.mock('./auth', () => ({ getIdToken: () => Promise.resolve('id-token') }));

const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });

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
    await expect(apiFetch('/mango?sort=nextWateringDate&dir=asc&limit=12')).resolves.toEqual({ from: 'preloaded page' });
    await expect(apiFetch('/mango/facets')).resolves.toEqual({ from: 'preloaded facets' });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("never uses it for a signed-in call, whose answer differs from a visitor's", async () => {
    window.__mangoPreload = { '/mango/p1': Promise.resolve(json({ from: 'preload' })) };
    await expect(apiFetch('/mango/p1', { auth: 'required' })).resolves.toEqual({ from: 'network' });
    expect(fetchSpy.mock.calls[0]![1]!.headers).toMatchObject({ Authorization: 'Bearer id-token' });
  });

  it('turns an early 404 into the same ApiError as a normal call', async () => {
    const notFound = new Response(JSON.stringify({ error: { code: 'not_found', message: 'No plant with that id.' } }), { status: 404 });
    window.__mangoPreload = { '/mango/gone': Promise.resolve(notFound) };
    await expect(apiFetch('/mango/gone')).rejects.toMatchObject({ name: 'ApiError', status: 404, message: 'No plant with that id.' });
  });
});
