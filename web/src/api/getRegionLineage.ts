// GET /api/region/v2/id/{id}/l: a region and its ancestors, the country first (spec §4:
// choosing a county or city fills its parents in one call).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { Region } from './getRegion';

export function getRegionLineage(id: string): Promise<Region[]> {
  return unwrap(api.GET('/api/region/v2/id/{id}/l', { params: { path: { id } } }));
}

export function regionLineageQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['region', 'lineage', id],
    queryFn: () => getRegionLineage(id),
    staleTime: Infinity,
  });
}

/** The lineage of `id`; nothing is asked while `id` is null. */
export function useRegionLineage(id: string | null) {
  return useQuery({ ...regionLineageQueryOptions(id ?? ''), enabled: id !== null });
}
