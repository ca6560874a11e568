import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';
import type { Place, WalkPlace } from '../types';
import { createPlace } from './create-place';
import { deletePlace } from './delete-place';
import { listPlaces, listWalk, readWalk, requestWalk } from './list-places';
import { reorderPlaces } from './reorder-places';
import { updatePlace } from './update-place';

vi.mock('@/lib/api-client');

const place = (id: string, name: string, order: number): Place => ({
  id,
  name,
  light: 'medium',
  outdoor: false,
  order,
  shared: false,
  plantCount: 0,
});

describe("the places' requests", () => {
  beforeEach(() => {
    vi.mocked(apiFetch).mockReset();
  });

  it('lists the places with the token, as the server orders them (the walk)', async () => {
    vi.mocked(apiFetch).mockResolvedValue({ places: [place('k', 'Kitchen', 1), place('b', 'Balcony', 2)] });
    const signal = new AbortController().signal;
    expect((await listPlaces(signal)).map((p) => p.name)).toEqual(['Kitchen', 'Balcony']);
    expect(apiFetch).toHaveBeenCalledWith('/mango/places', { auth: 'required', signal });
  });

  it('reads the walk without the plant counts (plantCount=false), in the same order, for Today and the forms', async () => {
    const walk: WalkPlace[] = [place('k', 'Kitchen', 1), place('b', 'Balcony', 2)].map(
      ({ plantCount: _count, ...rest }) => rest,
    );
    vi.mocked(apiFetch).mockResolvedValue({ places: walk });
    const signal = new AbortController().signal;
    expect(await listWalk(signal)).toEqual(walk);
    expect(apiFetch).toHaveBeenCalledWith('/mango/places?plantCount=false', { auth: 'required', signal });
    const asked: string[] = [];
    const read = <T>(path: string, fetch: (signal: AbortSignal) => Promise<T>) => {
      asked.push(path);
      return fetch(new AbortController().signal);
    };
    expect(await readWalk(read)).toEqual(walk);
    expect(await requestWalk()).toEqual(walk);
    // A loader notes the path it shows: the walk's, apart from the Places page's counted read.
    expect(asked).toEqual(['/mango/places?plantCount=false']);
    expect(vi.mocked(apiFetch).mock.calls.map(([path]) => path)).toEqual([
      '/mango/places?plantCount=false',
      '/mango/places?plantCount=false',
      '/mango/places?plantCount=false',
    ]);
  });

  it("answers a form's read of the walk with null when it fails, so the form goes without its Place box", async () => {
    vi.mocked(apiFetch).mockImplementation(() => Promise.reject(new Error('offline')));
    expect(await requestWalk()).toBeNull();
    const asked: string[] = [];
    const read = <T>(path: string, fetch: (signal: AbortSignal) => Promise<T>) => {
      asked.push(path);
      return fetch(new AbortController().signal);
    };
    expect(await readWalk(read)).toBeNull();
    expect(asked).toEqual(['/mango/places?plantCount=false']);
  });

  it('makes, changes, orders and deletes a place, each with the token', async () => {
    vi.mocked(apiFetch).mockResolvedValue({});
    await createPlace({ name: 'Balcony', light: 'full-sun', outdoor: true, shared: true });
    await updatePlace('b 1', { name: 'Sunny balcony', light: 'full-sun', outdoor: true });
    await reorderPlaces(['k', 'b']);
    await deletePlace('b/1');
    expect(vi.mocked(apiFetch).mock.calls).toEqual([
      [
        '/mango/places',
        {
          method: 'POST',
          body: { name: 'Balcony', light: 'full-sun', outdoor: true, shared: true },
          auth: 'required',
        },
      ],
      [
        '/mango/places/b%201',
        { method: 'PUT', body: { name: 'Sunny balcony', light: 'full-sun', outdoor: true }, auth: 'required' },
      ],
      ['/mango/places/order', { method: 'PUT', body: { ids: ['k', 'b'] }, auth: 'required' }],
      ['/mango/places/b%2F1', { method: 'DELETE', auth: 'required' }],
    ]);
  });
});
