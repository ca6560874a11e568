import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useApiError } from '@/lib/use-api-error';

const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm disabled:cursor-not-allowed disabled:opacity-70';
export const primaryClass = `${buttonClass} bg-leaf-700 text-white hover:bg-leaf-800`;
export const secondaryClass = `${buttonClass} bg-white text-slate-900 ring-1 ring-slate-400 hover:bg-slate-50 dark:bg-slate-950 dark:text-white dark:ring-slate-600 dark:hover:bg-slate-800`;
export const dangerClass = `${buttonClass} bg-white text-red-800 ring-1 ring-red-700 hover:bg-red-50 dark:bg-slate-950 dark:text-red-200 dark:ring-red-400 dark:hover:bg-red-950`;
export const cardClass =
  'rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 sm:p-6 dark:bg-slate-900 dark:ring-slate-800';

/**
 * The sentence for a failed household call. Unlike a plant's, a household's 403 has its own
 * sentence (a lapsed sitter's "Your time as a sitter ... ended on ..."), so the server's is shown as
 * it is; a 401 sends the user to sign in (null meanwhile).
 */
export function useHouseholdError(): (error: unknown, fallback: string) => string | null {
  const handle = useApiError();
  return useCallback(
    (error: unknown, fallback: string) =>
      error instanceof ApiError && error.status !== 401 ? error.message : handle(error, fallback),
    [handle],
  );
}

/**
 * A household change as the Household page makes it: `attempt` sends it; a success toasts and
 * reads again what it changed (`reread`), a failure is kept in `failure`, the sentence to show.
 */
export function useHouseholdChange(reread: () => Promise<unknown>): {
  failure: string | null;
  attempt: (send: () => Promise<unknown>, success: string, fallback: string) => Promise<boolean>;
} {
  const householdError = useHouseholdError();
  const [failure, setFailure] = useState<string | null>(null);
  const attempt = async (send: () => Promise<unknown>, success: string, fallback: string): Promise<boolean> => {
    setFailure(null);
    try {
      await send();
      void toast.success(success);
      await reread();
      return true;
    } catch (error) {
      setFailure(householdError(error, fallback));
      return false;
    }
  };
  return { failure, attempt };
}
