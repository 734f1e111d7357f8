// GET /api/region/v2/pids/{ids}/s: regions as a GeoJSON FeatureCollection with geometry
// simplified for display (highlighting a chosen region on the map).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

/** Regions as features: each one's display geometry, its attributes a Region. */
export type RegionShapes = components['schemas']['Envelope_FeatureCollection_Region']['data'];

export function getRegionShapes(ids: readonly string[]): Promise<RegionShapes> {
  return unwrap(
    api.GET('/api/region/v2/pids/{ids}/s', { params: { path: { ids: ids.join(',') } } }),
  );
}

export function regionShapesQueryOptions(ids: readonly string[]) {
  return queryOptions({
    queryKey: ['region', 'shapes', ids.join(',')],
    queryFn: () => getRegionShapes(ids),
    staleTime: Infinity,
  });
}

/** The shapes of `ids`; nothing is asked while the list is empty. */
export function useRegionShapes(ids: readonly string[]) {
  return useQuery({ ...regionShapesQueryOptions(ids), enabled: ids.length > 0 });
}
