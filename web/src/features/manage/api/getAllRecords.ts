// GET /api/order/v3/manage/order and /api/order/v3/manage/request: every user's orders or
// data requests (administrators), by status, days and code or owner.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { recordsKey, type RecordKind } from '../../../api/getRecordDetail';
import { listQuery, type RecordFilter } from '../../../components/orders/filters';

export function getAllRecords(kind: RecordKind, filter: RecordFilter) {
  const params = { query: listQuery(filter) };
  return kind === 'order'
    ? unwrap(api.GET('/api/order/v3/manage/order', { params }))
    : unwrap(api.GET('/api/order/v3/manage/request', { params }));
}

export function allRecordsQueryOptions(kind: RecordKind, filter: RecordFilter) {
  return queryOptions({
    queryKey: [...recordsKey(kind), 'all', filter],
    queryFn: () => getAllRecords(kind, filter),
  });
}
