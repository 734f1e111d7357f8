// POST /api/normal/v5/allids: every scene a search finds (for select-all), at most 10,000.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { AllIds, SceneQuery } from './types';

export function getAllIds(body: SceneQuery): Promise<AllIds> {
  return unwrap(api.POST('/api/normal/v5/allids', { body }));
}

/** `body`: a search without page and order (see allResultsBody). */
export function allIdsQueryOptions(body: SceneQuery) {
  return queryOptions({
    queryKey: ['normal', 'allids', body],
    queryFn: () => getAllIds(body),
  });
}
