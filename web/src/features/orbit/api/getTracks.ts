// POST /api/sateorbit/v2/satorbit: the ground tracks of the chosen satellites in the window.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { TrackQuery, Tracks } from './types';

export function getTracks(query: TrackQuery): Promise<Tracks> {
  return unwrap(api.POST('/api/sateorbit/v2/satorbit', { body: query }));
}

export function tracksQueryOptions(query: TrackQuery) {
  return queryOptions({
    queryKey: ['sateorbit', 'tracks', query],
    queryFn: () => getTracks(query),
    staleTime: Infinity,
  });
}

/** The tracks `query` asks for; nothing is asked while it is null. */
export function useTracks(query: TrackQuery | null) {
  return useQuery({
    ...tracksQueryOptions(query ?? { satellites: [], start: '', end: '' }),
    enabled: query !== null,
  });
}
