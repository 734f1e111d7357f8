// GET /api/spot/v2/{theme}/trend: a theme's spots over a region batch by batch, oldest first,
// each by type and by change category (TREND, and SEQUENCE's table).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { spotKeys } from '../../../api/spotKeys';
import type { SpotFilterQuery, ThemeName, Trend } from './types';

export function getTrend(theme: ThemeName, query: SpotFilterQuery): Promise<Trend> {
  return unwrap(api.GET('/api/spot/v2/{theme}/trend', { params: { path: { theme }, query } }));
}

export function trendQueryOptions(theme: ThemeName, query: SpotFilterQuery) {
  return queryOptions({
    queryKey: [...spotKeys.theme(theme), 'trend', query],
    queryFn: () => getTrend(theme, query),
  });
}

/** The trend of `query`; nothing is asked while it is null. The last one stays meanwhile. */
export function useTrend(theme: ThemeName, query: SpotFilterQuery | null) {
  return useQuery({
    ...trendQueryOptions(theme, query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
