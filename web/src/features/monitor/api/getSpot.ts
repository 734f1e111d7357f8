// GET /api/spot/v2/{theme}/spot/{id}: one spot with its outline, attribution and image links.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { spotKeys } from '../../../api/spotKeys';
import type { SpotDetail, ThemeName } from './types';

export function getSpot(theme: ThemeName, id: number): Promise<SpotDetail> {
  return unwrap(api.GET('/api/spot/v2/{theme}/spot/{id}', { params: { path: { theme, id } } }));
}

export function spotQueryOptions(theme: ThemeName, id: number) {
  return queryOptions({
    queryKey: [...spotKeys.theme(theme), 'spot', id],
    queryFn: () => getSpot(theme, id),
  });
}

/** The spot `id`; nothing is asked while it is null. */
export function useSpot(theme: ThemeName, id: number | null) {
  return useQuery({ ...spotQueryOptions(theme, id ?? 0), enabled: id !== null });
}
