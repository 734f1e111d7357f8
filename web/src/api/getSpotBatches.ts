// GET /api/spot/v2/{theme}/batch: a theme's batches, newest first (the first is the latest).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { spotKeys } from './spotKeys';
import type { components } from './schema';

type Batch = components['schemas']['Batch'];
type ThemeName = components['schemas']['ThemeName'];

export function getBatches(theme: ThemeName): Promise<Batch[]> {
  return unwrap(api.GET('/api/spot/v2/{theme}/batch', { params: { path: { theme } } }));
}

export function batchesQueryOptions(theme: ThemeName) {
  return queryOptions({
    queryKey: [...spotKeys.theme(theme), 'batches'],
    queryFn: () => getBatches(theme),
  });
}

export function useBatches(theme: ThemeName) {
  return useQuery(batchesQueryOptions(theme));
}
