// GET /api/region/v2/pid/{id}/l: the children of a region as picker options (spec §3);
// 100000 lists the provinces. Regions change with an import, not during a visit.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type RegionOption = components['schemas']['RegionOption'];

export function getRegionOptions(parentId: string): Promise<RegionOption[]> {
  return unwrap(api.GET('/api/region/v2/pid/{id}/l', { params: { path: { id: parentId } } }));
}

export function regionOptionsQueryOptions(parentId: string) {
  return queryOptions({
    queryKey: ['region', 'children', parentId],
    queryFn: () => getRegionOptions(parentId),
    staleTime: Infinity,
  });
}
