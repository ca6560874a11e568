/**
 * `@/lib/toast` in a test file that calls `vi.mock('@/lib/toast')`: each toast a mock the test can
 * read (`vi.mocked(toast.success).mock.lastCall`), and no toast host mounted, whose module could
 * otherwise finish loading after the test's window has gone.
 */
import { vi } from 'vitest';

export const toast = { success: vi.fn(), error: vi.fn(), info: vi.fn() };
export const preloadToasts = vi.fn();
