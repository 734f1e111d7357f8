// GET /api/share/v2?category=&owner=: shared files newest first, paged (public); each has its
// download address (`url`, served with Range).
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type SharedFile = components['schemas']['FileInfo'];

export interface FilesQuery {
  category: 'application' | 'course' | 'paper' | 'software';
  /** The software a download belongs to. */
  owner?: string;
  pageNum: number;
  pageSize: number;
}

export function filesQueryOptions(query: FilesQuery) {
  return queryOptions({
    queryKey: ['about', 'files', query],
    queryFn: () => unwrap(api.GET('/api/share/v2', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
