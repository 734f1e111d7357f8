// GET /api/normal/v5/satellite: the satellite catalogue with each satellite's sensors.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { Catalogue } from './types';

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
