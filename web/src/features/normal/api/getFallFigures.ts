// POST /api/normal/v5/fallfigure: the quick-looks of scenes (at most 200) with the corners to
// lay them on the map.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { FallFigure } from './types';

/** The server's limit per call. */
export const FALL_FIGURE_LIMIT = 200;

export async function getFallFigures(ids: readonly string[]): Promise<FallFigure[]> {
  const figures = await unwrap(api.POST('/api/normal/v5/fallfigure', { body: { ids: [...ids] } }));
  // The corners come typed as any number of points: they are the image's four.
  return figures as FallFigure[];
}

export function fallFiguresQueryOptions(ids: readonly string[]) {
  const sorted = [...ids].sort();
  return queryOptions({
    queryKey: ['normal', 'fallfigure', sorted],
    queryFn: () => getFallFigures(sorted),
    staleTime: Infinity,
  });
}

/** The figures of `ids`; nothing is asked while the list is empty. */
export function useFallFigures(ids: readonly string[]) {
  return useQuery({
    ...fallFiguresQueryOptions(ids),
    enabled: ids.length > 0,
    placeholderData: (previous) => (ids.length > 0 ? previous : undefined),
  });
}
