import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigationType, useSearchParams } from 'react-router-dom';
import { DEFAULT_QUERY, nextSort, parsePlantQuery, plantQueryToParams, type PlantQuery, type SortKey } from '../lib/plant-query';

/**
 * All Plants' view state, kept in the URL query. Typing in the search box replaces the current
 * history entry (Back should not step through every keystroke); choosing a filter, a sort or
 * Reset pushes one, so Back undoes it.
 *
 * The search box keeps its own text: the router commits URL changes in a transition, and a
 * controlled input fed by a transition loses the caret. The text follows the URL whenever the
 * URL changes by anything but typing (Back, Forward, Reset, a link).
 *
 * None of these changes scrolls the page: the user stays where the filters are.
 */
export function usePlantQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const location = useLocation();
  const navigationType = useNavigationType();
  const query = useMemo(() => parsePlantQuery(searchParams), [searchParams]);

  const [searchText, setSearchText] = useState(query.search);
  const [seenKey, setSeenKey] = useState(location.key);
  if (location.key !== seenKey) {
    setSeenKey(location.key);
    if (navigationType !== 'REPLACE' && query.search !== searchText) setSearchText(query.search);
  }

  const current: PlantQuery = useMemo(() => ({ ...query, search: searchText }), [query, searchText]);

  const push = useCallback(
    (next: PlantQuery) => {
      const params = plantQueryToParams(next);
      if (params.toString() !== plantQueryToParams(current).toString() || params.toString() !== searchParams.toString())
        setSearchParams(params, { preventScrollReset: true });
    },
    [current, searchParams, setSearchParams],
  );

  const setSearch = useCallback(
    (search: string) => {
      setSearchText(search);
      setSearchParams(plantQueryToParams({ ...current, search }), { replace: true, preventScrollReset: true });
    },
    [current, setSearchParams],
  );

  const setCategory = useCallback((category: string) => push({ ...current, category }), [current, push]);
  const setCareLevel = useCallback((careLevel: string) => push({ ...current, careLevel }), [current, push]);
  const sortBy = useCallback((key: SortKey) => push(nextSort(current, key)), [current, push]);
  const reset = useCallback(() => {
    setSearchText('');
    push(DEFAULT_QUERY);
  }, [push]);

  const isDefault = plantQueryToParams(current).toString() === '';
  return { query: current, setSearch, setCategory, setCareLevel, sortBy, reset, isDefault };
}
