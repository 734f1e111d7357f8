// GET /api/push/v1/detail/{id}: a batch (the nodes the caller sees) and a page of its items,
// by node then newest first. A batch that reached none of a node user's nodes is a 404.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';

export function detailQueryOptions(id: number, pageNum: number, pageSize: number) {
  return queryOptions({
    queryKey: ['push', 'detail', id, pageNum, pageSize],
    queryFn: () =>
      unwrap(
        api.GET('/api/push/v1/detail/{id}', {
          params: { path: { id }, query: { pageNum, pageSize } },
        }),
      ),
    placeholderData: keepPreviousData,
  });
}
