import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeData, type HomeLoaderData } from '@/app/routes/home.data';
import { ApiError, apiFetch } from '@/lib/api-client';

vi.mock('@/lib/api-client', async (original) => ({
  ...(await original<typeof import('@/lib/api-client')>()),
  apiFetch: vi.fn(),
}));
vi.mock('@/lib/auth', () => ({ getAuthState: () => ({ loading: false, user: null }) }));

/** The home page's loader, as the router runs it for `/` with this signal. */
const load = async (signal?: AbortSignal) => {
  const request = new Request('http://localhost/', { signal });
  const url = new URL(request.url);
  return (await homeData.loader({ request, url, pattern: '/', params: {}, context: undefined })) as HomeLoaderData;
};

describe("the home page's new plants", () => {
  afterEach(() => vi.restoreAllMocks());

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
    expect(await given.newPlants).toEqual([]);
    expect(logged).not.toHaveBeenCalled();

    const down = new ApiError(503, 'unavailable', 'The plant database is not answering right now.');
    vi.mocked(apiFetch).mockRejectedValue(down);
    const failed = await load();
    expect(await failed.newPlants).toEqual([]);
    expect(logged).toHaveBeenCalledWith('Failed to load new plants', down);
  });
});
