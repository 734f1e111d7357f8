// GET /api/spot/v2/{theme}/dynamic: what appeared, grew, shrank or vanished between two
// batches, over a region and the regions one level down.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { spotKeys } from '../../../api/spotKeys';
import type { Dynamic, DynamicQuery, ThemeName } from './types';

export function getDynamic(theme: ThemeName, query: DynamicQuery): Promise<Dynamic> {
  return unwrap(api.GET('/api/spot/v2/{theme}/dynamic', { params: { path: { theme }, query } }));
}

export function dynamicQueryOptions(theme: ThemeName, query: DynamicQuery) {
  return queryOptions({
    queryKey: [...spotKeys.theme(theme), 'dynamic', query],
    queryFn: () => getDynamic(theme, query),
  });
}

/** The analysis `query` asks for; nothing is asked while it is null. The last one stays meanwhile. */
export function useDynamic(theme: ThemeName, query: DynamicQuery | null) {
  return useQuery({
    ...dynamicQueryOptions(theme, query ?? { from: '', to: '' }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
