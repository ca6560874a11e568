import { describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from '@/lib/api-client';
import { allPlantsData, type AllPlantsLoaderData } from './all-plants-loader';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  apiFetch: vi.fn(),
}));

/** All Plants' loader, as the router runs it for its default view with this signal. */
const load = async (signal?: AbortSignal) => {
  const request = new Request('http://localhost/allPlants', { signal });
  const url = new URL(request.url);
  return (await allPlantsData.loader({
    request,
    url,
    pattern: '/allPlants',
    params: {},
    context: undefined,
  })) as AllPlantsLoaderData;
};

describe("All Plants' filter options", () => {
  it('logs a read that failed, and not one the router gave up for a newer load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The server answers only when asked to stop, as fetch does: with the signal's AbortError.
    vi.mocked(apiFetch).mockImplementation(
      (_path, options) =>
        new Promise((_resolve, reject) =>
          options?.signal?.addEventListener('abort', () => reject(options.signal!.reason)),
        ),
    );
    const controller = new AbortController();
    const given = await load(controller.signal);
    controller.abort();
    expect(await given.facets).toBeUndefined();
    expect(logged).not.toHaveBeenCalled();

    const down = new ApiError(503, 'unavailable', 'The plant database is not answering right now.');
    vi.mocked(apiFetch).mockRejectedValue(down);
    const failed = await load();
    expect(await failed.facets).toBeUndefined();
    expect(logged).toHaveBeenCalledWith('Failed to fetch the filter options', down);
    logged.mockRestore();
  });
});
