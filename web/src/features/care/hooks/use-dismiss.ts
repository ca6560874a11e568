import { useEffect, useRef, type RefObject } from 'react';

/**
 * While a pop-over panel is open, Escape or a press anywhere outside `wrapper` (its toggle and
 * panel) dismisses it: `dismiss(true)` for Escape, after which focus belongs back on the toggle,
 * `dismiss(false)` for a press elsewhere, where the person has already moved on.
 */
export function useDismiss(
  open: boolean,
  wrapper: RefObject<HTMLElement | null>,
  dismiss: (byEscape: boolean) => void,
): void {
  const latest = useRef(dismiss);
  useEffect(() => {
    latest.current = dismiss;
  });
  useEffect(() => {
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') latest.current(true);
    };
    const onPointer = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) latest.current(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, wrapper]);
}
