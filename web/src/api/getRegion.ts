// GET /api/region/v2/id/{id}: one region's attributes, its bounding box among them (spec §3).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type Region = components['schemas']['Region'];

export function getRegion(id: string): Promise<Region> {
  return unwrap(api.GET('/api/region/v2/id/{id}', { params: { path: { id } } }));
}

export function regionQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['region', 'detail', id],
    queryFn: () => getRegion(id),
    staleTime: Infinity,
  });
}

/** The region `id`; nothing is asked while `id` is null. */
export function useRegion(id: string | null) {
  return useQuery({ ...regionQueryOptions(id ?? ''), enabled: id !== null });
}
