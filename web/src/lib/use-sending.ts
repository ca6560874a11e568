import { useCallback, useState } from 'react';

/**
 * Whether a form's request is on its way, and `send`, which marks it so around the request. Forms
 * lock their fields while sending, not while validating: a disabled fieldset takes no focus, and
 * react-hook-form moves focus to the first invalid field right then.
 */
export function useSending() {
  const [sending, setSending] = useState(false);
  const send = useCallback(async <T,>(request: () => Promise<T>): Promise<T> => {
    setSending(true);
    try {
      return await request();
    } finally {
      setSending(false);
    }
  }, []);
  return { sending, send };
}
