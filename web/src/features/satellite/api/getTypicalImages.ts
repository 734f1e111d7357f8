// GET /api/share/v2?category=typical&owner=…: the sample images an editor uploaded for one
// typical image page, newest first.
import { useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type TypicalImage = components['schemas']['FileInfo'];

/** Samples listed per page: more than an editor keeps for one page. */
const MOST = 50;

export function getTypicalImages(owner: string): Promise<TypicalImage[]> {
  return unwrap(
    api.GET('/api/share/v2', {
      params: { query: { category: 'typical', owner, pageSize: MOST } },
    }),
  ).then((page) => page.list);
}

export function useTypicalImages(owner: string) {
  return useQuery({
    queryKey: ['share', 'typical', owner],
    queryFn: () => getTypicalImages(owner),
  });
}
