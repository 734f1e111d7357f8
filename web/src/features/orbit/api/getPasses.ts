// POST /api/sateorbit/v2/csj (imaging opportunities over any area), region and shp (nadir
// passes over a region or an uploaded area): the passes of a window, whichever the form asks.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { PassRequest } from '../plan';
import type { PassList } from './types';

export function getPasses(request: PassRequest): Promise<PassList> {
  switch (request.route) {
    case 'csj':
      return unwrap(api.POST('/api/sateorbit/v2/csj', { body: request.body }));
    case 'region':
      return unwrap(api.POST('/api/sateorbit/v2/region', { body: request.body }));
    case 'shp':
      return unwrap(api.POST('/api/sateorbit/v2/shp', { body: request.body }));
  }
}

export function passesQueryOptions(request: PassRequest) {
  return queryOptions({
    queryKey: ['sateorbit', 'passes', request],
    queryFn: () => getPasses(request),
    // A prediction of the same window never changes.
    staleTime: Infinity,
  });
}

/** Stands in for the key of a query not yet enabled. */
const emptyRegion = { regionId: '', satellites: [], start: '', end: '' };

/** The passes `request` asks for; nothing is asked while it is null. */
export function usePasses(request: PassRequest | null) {
  return useQuery({
    ...passesQueryOptions(request ?? { route: 'region', body: emptyRegion }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}
