// GET /api/dict/{code}: the entries of a system dictionary (spec §7), e.g. ORDER_STATUS.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type DictItem = components['schemas']['DictItem'];

export function getDict(code: string): Promise<DictItem[]> {
  return unwrap(api.GET('/api/dict/{code}', { params: { path: { code } } }));
}

export function dictQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['dict', code],
    queryFn: () => getDict(code),
    // Dictionaries change with a release, not during a visit.
    staleTime: Infinity,
  });
}

export function useDict(code: string) {
  return useQuery(dictQueryOptions(code));
}
