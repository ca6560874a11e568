import { useEffect, useState } from 'react';
import { useLocation, useNavigation } from 'react-router-dom';
import { LoadingOverlay } from '@/components/ui/loading-overlay';

/**
 * The loading overlay while the router loads the next screen (its code, and for a plant's details
 * or update page, the plant). Shown only after a short delay, so a fast navigation does not flash.
 * Another view of the same page (a search, a filter) is the page's own to show as updating.
 */
export function NavigationPending({ delayMs = 300 }: { delayMs?: number }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const loading = navigation.state === 'loading' && navigation.location.pathname !== pathname;
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
