import type { PlantFacets } from '@model/plant-list';
import { useEffect, useState } from 'react';
import { getFacets } from '../api/get-facets';

/**
 * All Plants' filter options (GET /mango/facets), or undefined until they arrive. A failure leaves
 * the filters with their 'All' options: the page itself still works.
 */
export function useFacets(preloaded?: Promise<PlantFacets>): PlantFacets | undefined {
  const [facets, setFacets] = useState<PlantFacets>();
  useEffect(() => {
    const controller = new AbortController();
    (preloaded ?? getFacets(controller.signal)).then(
      (answer) => {
        if (!controller.signal.aborted) setFacets(answer);
      },
      (error: unknown) => {
        if (!controller.signal.aborted) console.error('Failed to fetch the filter options', error);
      },
    );
    return () => controller.abort();
  }, [preloaded]);
  return facets;
}
