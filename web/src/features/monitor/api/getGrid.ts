// GET /api/spot/v2/{theme}/gridstatistics/percent: the grid cells with spots of a batch over
// a region at one level (GRID).
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { spotKeys } from '../../../api/spotKeys';
import type { GridQuery, GridStatistics, ThemeName } from './types';

export function getGrid(theme: ThemeName, query: GridQuery): Promise<GridStatistics> {
  return unwrap(
    api.GET('/api/spot/v2/{theme}/gridstatistics/percent', {
      params: { path: { theme }, query },
    }),
  );
}

export function gridQueryOptions(theme: ThemeName, query: GridQuery) {
  return queryOptions({
    queryKey: [...spotKeys.theme(theme), 'grid', query],
    queryFn: () => getGrid(theme, query),
  });
}

/** The cells of `query`; nothing is asked while it is null. The last cells stay meanwhile. */
export function useGrid(theme: ThemeName, query: GridQuery | null) {
  return useQuery({
    ...gridQueryOptions(theme, query ?? { level: 0 }),
    enabled: query !== null,
    placeholderData: keepPreviousData,
  });
}
