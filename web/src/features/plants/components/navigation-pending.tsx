import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { LoadingOverlay } from '@/components/ui/loading-overlay';

/**
 * The loading overlay while the router loads the next screen (its code, and for a plant's details
 * or update page, the plant). Shown only after a short delay, so a fast navigation does not flash.
 */
export function NavigationPending({ delayMs = 300 }: { delayMs?: number }) {
  const loading = useNavigation().state === 'loading';
  const [late, setLate] = useState(false);
  useEffect(() => {
    if (!loading) return;
    const timer = setTimeout(() => setLate(true), delayMs);
    return () => {
      clearTimeout(timer);
      setLate(false);
    };
  }, [loading, delayMs]);
  return loading && late ? <LoadingOverlay /> : null;
}
