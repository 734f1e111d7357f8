// GET /api/order/v3/count: how many of the user's orders are in each status (the tabs).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { recordsKey } from '../../../api/getRecordDetail';

export function getOrderCounts() {
  return unwrap(api.GET('/api/order/v3/count'));
}

export function orderCountsQueryOptions() {
  return queryOptions({
    queryKey: [...recordsKey('order'), 'counts'],
    queryFn: getOrderCounts,
    select: (counts) => new Map(counts.map((entry) => [entry.status, entry.count])),
  });
}
