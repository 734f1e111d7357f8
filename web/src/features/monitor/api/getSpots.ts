// GET /api/spot/v2/{theme}/spotmeta: a page of the spots the filters and the legend select.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { spotKeys } from '../../../api/spotKeys';
import type { SpotListQuery, ThemeName } from './types';

export function getSpots(theme: ThemeName, query: SpotListQuery) {
  return unwrap(api.GET('/api/spot/v2/{theme}/spotmeta', { params: { path: { theme }, query } }));
}

export function spotsQueryOptions(theme: ThemeName, query: SpotListQuery) {
  return queryOptions({
    queryKey: [...spotKeys.theme(theme), 'spots', query],
    queryFn: () => getSpots(theme, query),
  });
}

/** The page `query` asks for; nothing is asked while it is null. The last page stays meanwhile. */
export function useSpots(theme: ThemeName, query: SpotListQuery | null) {
  return useQuery({
    ...spotsQueryOptions(theme, query ?? {}),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
