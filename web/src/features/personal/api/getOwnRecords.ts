// GET /api/order/v3/own and /api/order/v3/request/own: a page of the user's orders or data
// requests, newest first, by status, days and code.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { recordsKey, type RecordKind } from '../../../api/getRecordDetail';
import { listQuery, type RecordFilter } from '../../../components/orders/filters';

export function getOwnRecords(kind: RecordKind, filter: RecordFilter) {
  const params = { query: listQuery(filter) };
  return kind === 'order'
    ? unwrap(api.GET('/api/order/v3/own', { params }))
    : unwrap(api.GET('/api/order/v3/request/own', { params }));
}

export function ownRecordsQueryOptions(kind: RecordKind, filter: RecordFilter) {
  return queryOptions({
    queryKey: [...recordsKey(kind), 'own', filter],
    queryFn: () => getOwnRecords(kind, filter),
  });
}
