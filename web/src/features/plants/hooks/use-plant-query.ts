import { useCallback, useMemo } from 'react';
import { useLocation, useNavigation, useSearchParams } from 'react-router-dom';
import { useSearchText } from '@/lib/use-search-text';
import {
  DEFAULT_QUERY,
  nextSort,
  parsePlantQuery,
  plantQueryToParams,
  type PetSafeFilter,
  type PlantQuery,
  type SortKey,
} from '../lib/plant-query';

/**
 * All Plants' view state, kept in the URL query, which the route's loader reads. Typing in the
 * search box replaces the current history entry once typing pauses (lib/use-search-text.ts);
 * choosing a filter, a sort or Reset pushes one, so Back undoes it.
 *
 * None of these changes scrolls the page: the user stays where the filters are.
 *
 * `query` is the view asked for: the filters and sort show it at once, while the router loads it
 * (the URL changes when its first page is in); `shown` is the view on screen.
 */
export function usePlantQuery() {
  const [searchParams, setSearchParams] = useSearchParams();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const asked = navigation.location?.pathname === pathname ? navigation.location.search : searchParams.toString();
  const shown = useMemo(() => parsePlantQuery(searchParams), [searchParams]);
  const query = useMemo(() => parsePlantQuery(new URLSearchParams(asked)), [asked]);
  const { text, setText, cancel, clear } = useSearchText('q', (search) => plantQueryToParams({ ...query, search }));

  const current: PlantQuery = useMemo(() => ({ ...query, search: text }), [query, text]);

  const push = useCallback(
    (next: PlantQuery) => {
      cancel();
      const params = plantQueryToParams(next);
      if (params.toString() !== new URLSearchParams(asked).toString())
        setSearchParams(params, { preventScrollReset: true });
    },
    [asked, cancel, setSearchParams],
  );

  const setCategory = useCallback((category: string) => push({ ...current, category }), [current, push]);
  const setCareLevel = useCallback((careLevel: string) => push({ ...current, careLevel }), [current, push]);
  const setPetSafe = useCallback((petSafe: PetSafeFilter | '') => push({ ...current, petSafe }), [current, push]);
  const sortBy = useCallback((key: SortKey) => push(nextSort(current, key)), [current, push]);
  const reset = useCallback(() => {
    clear();
    push(DEFAULT_QUERY);
  }, [clear, push]);

  return { query: current, shown, setSearch: setText, setCategory, setCareLevel, setPetSafe, sortBy, reset };
}
