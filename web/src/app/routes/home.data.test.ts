import { afterEach, describe, expect, it, vi } from 'vitest';
import { homeData, type HomeLoaderData } from '@/app/routes/home.data';
import { ApiError, apiFetch } from '@/lib/api-client';
import { runLoader, runLoaderGivenUp } from '@/test/run-loader';

vi.mock('@/lib/api-client');
vi.mock('@/lib/auth', () => ({ getAuthState: () => ({ loading: false, user: null }) }));

describe("the home page's new plants", () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a read that failed, and not one the router gave up for a newer load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const given = await runLoaderGivenUp<HomeLoaderData>(homeData, 'http://localhost/');
    expect(await given.newPlants).toEqual([]);
    expect(logged).not.toHaveBeenCalled();

    const down = new ApiError(503, 'unavailable', 'The plant database is not answering right now.');
    vi.mocked(apiFetch).mockRejectedValue(down);
    const failed = await runLoader<HomeLoaderData>(homeData, 'http://localhost/');
    expect(await failed.newPlants).toEqual([]);
    expect(logged).toHaveBeenCalledWith('Failed to load new plants', down);
  });
});
