// POST /api/sateorbit/v2/selectline: one pass's ground track, nadir swath and pointing reach.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { LineQuery, PassLine } from './types';

export function getPassLine(query: LineQuery): Promise<PassLine> {
  return unwrap(api.POST('/api/sateorbit/v2/selectline', { body: query }));
}

export function passLineQueryOptions(query: LineQuery) {
  return queryOptions({
    queryKey: ['sateorbit', 'selectline', query],
    queryFn: () => getPassLine(query),
    staleTime: Infinity,
  });
}

/** The line of the pass `query` names; nothing is asked while it is null. */
export function usePassLine(query: LineQuery | null) {
  return useQuery({
    ...passLineQueryOptions(query ?? { satellite: '', start: '', end: '' }),
    enabled: query !== null,
  });
}
