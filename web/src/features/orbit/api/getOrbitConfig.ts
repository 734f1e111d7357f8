// GET /api/sateorbit/v2/config: the page's defaults and the satellites it can predict.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { OrbitConfig } from './types';

export function getOrbitConfig(): Promise<OrbitConfig> {
  return unwrap(api.GET('/api/sateorbit/v2/config'));
}

export function orbitConfigQueryOptions() {
  return queryOptions({ queryKey: ['sateorbit', 'config'], queryFn: getOrbitConfig });
}

/** The defaults and satellites, fetched once per page. */
export function useOrbitConfig() {
  return useQuery({ ...orbitConfigQueryOptions(), staleTime: Infinity });
}
