// GET /api/spot/v2/{theme}/spotstatistics: count and area of a batch's spots per region one
// level down, per type, per stage and per change category.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { spotKeys } from '../../../api/spotKeys';
import type { SpotFilterQuery, Statistics, ThemeName } from './types';

export function getStatistics(theme: ThemeName, query: SpotFilterQuery): Promise<Statistics> {
  return unwrap(
    api.GET('/api/spot/v2/{theme}/spotstatistics', { params: { path: { theme }, query } }),
  );
}

export function statisticsQueryOptions(theme: ThemeName, query: SpotFilterQuery) {
  return queryOptions({
    queryKey: [...spotKeys.theme(theme), 'statistics', query],
    queryFn: () => getStatistics(theme, query),
  });
}

/** The statistics of `query`; the last ones stay on show while the next region or batch loads. */
export function useStatistics(theme: ThemeName, query: SpotFilterQuery) {
  return useQuery({ ...statisticsQueryOptions(theme, query), placeholderData: keepPreviousData });
}
