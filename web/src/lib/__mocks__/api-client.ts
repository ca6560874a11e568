/**
 * `@/lib/api-client` in a test file that calls `vi.mock('@/lib/api-client')`: the module itself,
 * with `apiFetch` a mock the test answers (`vi.mocked(apiFetch).mockImplementation(...)`), so no
 * request leaves the test and `ApiError` and the rest stay the real ones.
 */
import { vi } from 'vitest';
import type * as ApiClient from '../api-client';

export * from '../api-client';
export const apiFetch = vi.fn<typeof ApiClient.apiFetch>();
