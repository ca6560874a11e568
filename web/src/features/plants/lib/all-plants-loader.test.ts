import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch } from '@/lib/api-client';
import { runLoader, runLoaderGivenUp } from '@/test/run-loader';
import { allPlantsData, type AllPlantsLoaderData } from './all-plants-loader';

vi.mock('@/lib/api-client');

describe("All Plants' filter options", () => {
  afterEach(() => vi.restoreAllMocks());

  it('logs a read that failed, and not one the router gave up for a newer load', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const given = await runLoaderGivenUp<AllPlantsLoaderData>(allPlantsData, 'http://localhost/allPlants');
    expect(await given.facets).toBeUndefined();
    expect(logged).not.toHaveBeenCalled();

    const down = new ApiError(503, 'unavailable', 'The plant database is not answering right now.');
    vi.mocked(apiFetch).mockRejectedValue(down);
    const failed = await runLoader<AllPlantsLoaderData>(allPlantsData, 'http://localhost/allPlants');
    expect(await failed.facets).toBeUndefined();
    expect(logged).toHaveBeenCalledWith('Failed to fetch the filter options', down);
  });
});
