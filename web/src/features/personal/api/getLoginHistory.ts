// GET /api/usercenter/loginhistory: the user's own login attempts, newest first, paged.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type LoginEvent = components['schemas']['LoginEvent'];

export function loginHistoryQueryOptions(pageNum: number, pageSize: number) {
  return queryOptions({
    queryKey: ['personal', 'loginhistory', pageNum, pageSize],
    queryFn: () =>
      unwrap(api.GET('/api/usercenter/loginhistory', { params: { query: { pageNum, pageSize } } })),
    placeholderData: keepPreviousData,
  });
}
