// GET /api/normal/v5/satellite: the satellite catalogue with each satellite's sensors (used by
// the image query's filters and the satellite pages).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type Catalogue = components['schemas']['Catalogue'];

export function getCatalogue(): Promise<Catalogue> {
  return unwrap(api.GET('/api/normal/v5/satellite'));
}

export function catalogueQueryOptions() {
  return queryOptions({
    queryKey: ['normal', 'catalogue'],
    queryFn: getCatalogue,
    // The catalogue changes with a release, not during a visit.
    staleTime: Infinity,
  });
}

export function useCatalogue() {
  return useQuery(catalogueQueryOptions());
}
