import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';

/** Search boxes ask the server this long after the last keystroke, not at every one. */
export const SEARCH_DEBOUNCE_MS = 250;

/**
 * A search box whose text is part of the page's URL (so its loader reads it): the box keeps its
 * own text, and the URL takes it once typing pauses (at once when the box is cleared), replacing
 * the current history entry (Back should not step through every keystroke). The router commits
 * URL changes in a transition, and a controlled input fed by a transition loses the caret.
 *
 * The text follows the URL whenever the URL changes by anything but typing (Back, Forward, a
 * link), unless the user is typing. `write` makes the URL's query with a text (as the page asks
 * for it then); `cancel` drops a pending one (a filter that writes the query itself), `clear` the
 * text too (Reset).
 */
export function useSearchText(param: string, write: (text: string) => URLSearchParams) {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const inUrl = searchParams.get(param) ?? '';
  const [text, setText] = useState(inUrl);
  const [typing, setTyping] = useState(false);
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (navigationType !== 'REPLACE' && !typing && inUrl !== text) setText(inUrl);
  }

  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const cancel = useCallback(() => {
    clearTimeout(timer.current);
    setTyping(false);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });

  const type = useCallback(
    (next: string) => {
      setText(next);
      clearTimeout(timer.current);
      const go = () => {
        setTyping(false);
        setSearchParams(writeRef.current(next), { replace: true, preventScrollReset: true });
      };
      if (!next.trim()) return go();
      setTyping(true);
      timer.current = setTimeout(go, SEARCH_DEBOUNCE_MS);
    },
    [setSearchParams],
  );

  const clear = useCallback(() => {
    cancel();
    setText('');
  }, [cancel]);

  return { text, setText: type, cancel, clear };
}
