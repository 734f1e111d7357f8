// GET /api/region/v2/pids/{ids}/s: regions as a GeoJSON FeatureCollection with geometry
// simplified for display (highlighting a chosen region on the map).
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import { api, unwrap } from './client';
import type { Region } from './getRegion';

export type RegionShapes = FeatureCollection<Polygon | MultiPolygon, Region>;

export async function getRegionShapes(ids: readonly string[]): Promise<RegionShapes> {
  const shapes = await unwrap(
    api.GET('/api/region/v2/pids/{ids}/s', { params: { path: { ids: ids.join(',') } } }),
  );
  // The OpenAPI document types GeoJSON as any JSON value.
  return shapes as RegionShapes;
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
