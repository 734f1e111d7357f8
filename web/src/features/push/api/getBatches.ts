// GET /api/push/v1/batch (managers: every batch) and /own (a node user: the batches that
// reached their nodes, with only their part), newest first, a page at a time.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

/** Whose batches: every batch (a manager's view) or the caller's nodes'. */
export type BatchScope = 'all' | 'own';

const ROUTES = { all: '/api/push/v1/batch', own: '/api/push/v1/own' } as const;

export function batchesQueryOptions(scope: BatchScope, pageNum: number, pageSize: number) {
  return queryOptions({
    queryKey: ['push', 'batches', scope, pageNum, pageSize],
    queryFn: () => unwrap(api.GET(ROUTES[scope], { params: { query: { pageNum, pageSize } } })),
    placeholderData: keepPreviousData,
  });
}
