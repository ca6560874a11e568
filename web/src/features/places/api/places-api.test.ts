import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiFetch } from '@/lib/api-client';
import type { Place } from '../types';
import { createPlace } from './create-place';
import { deletePlace } from './delete-place';
import { listPlaces, readPlaces, requestPlaces } from './list-places';
import { reorderPlaces } from './reorder-places';
import { updatePlace } from './update-place';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  apiFetch: vi.fn(),
}));

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

  it("answers a form's read of them with null when it fails, so the form goes without its Place box", async () => {
    vi.mocked(apiFetch).mockImplementation(() => Promise.reject(new Error('offline')));
    expect(await requestPlaces()).toBeNull();
    const asked: string[] = [];
    const read = <T>(path: string, fetch: (signal: AbortSignal) => Promise<T>) => {
      asked.push(path);
      return fetch(new AbortController().signal);
    };
    expect(await readPlaces(read)).toBeNull();
    expect(asked).toEqual(['/mango/places']);
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
