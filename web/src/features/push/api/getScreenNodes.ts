// GET /api/push-screen/node: the province nodes the caller may see (a display screen: those of
// its area ranges), each at its region's label point with what it received of images and
// spots, in all and last.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type ScreenNode = components['schemas']['ScreenNode'];

/** A wall screen stays up for hours: it asks again every minute. */
export const SCREEN_REFRESH_MS = 60_000;

export function screenNodesQueryOptions() {
  return queryOptions({
    queryKey: ['push', 'screen'],
    queryFn: () => unwrap(api.GET('/api/push-screen/node')),
    refetchInterval: SCREEN_REFRESH_MS,
  });
}
