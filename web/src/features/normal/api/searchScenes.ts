// POST /api/normal/v5/normalmeta: one page of the scenes a search finds.
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { ScenePage, SceneQuery } from './types';

export function searchScenes(body: SceneQuery): Promise<ScenePage> {
  return unwrap(api.POST('/api/normal/v5/normalmeta', { body }));
}

export function scenesQueryOptions(body: SceneQuery) {
  return queryOptions({
    queryKey: ['normal', 'scenes', body],
    queryFn: () => searchScenes(body),
  });
}

/** The same search, whatever the page and order. */
function sameResults(a: SceneQuery, b: SceneQuery): boolean {
  const results = (body: SceneQuery) =>
    JSON.stringify({ ...body, pageNum: undefined, pageSize: undefined, sort: undefined });
  return results(a) === results(b);
}

/**
 * The page `body` asks for; nothing is asked while it is null. Another page or order of the
 * same search keeps the last page on show meanwhile; a new search does not.
 */
export function useScenes(body: SceneQuery | null) {
  return useQuery({
    ...scenesQueryOptions(body ?? { selectMode: 1 }),
    enabled: body !== null,
    placeholderData: (previous, query) => {
      const before = query?.queryKey[2];
      return body && typeof before === 'object' && sameResults(before, body)
        ? keepPreviousData(previous)
        : undefined;
    },
  });
}
