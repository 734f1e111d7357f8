// GET /api/order/v3/orderitem?orderId and /api/order/v3/requestitem?requestId: one page of the
// scenes of an order or a data request; a delivered order's items carry their download link.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { recordsKey, type RecordKind } from './getRecordDetail';
import type { components } from './schema';

export type RecordItem = components['schemas']['RecordItem'];

export interface ItemsPage {
  pageNum: number;
  pageSize: number;
}

export function getRecordItems(kind: RecordKind, id: number, { pageNum, pageSize }: ItemsPage) {
  return kind === 'order'
    ? unwrap(
        api.GET('/api/order/v3/orderitem', {
          params: { query: { orderId: id, pageNum, pageSize } },
        }),
      )
    : unwrap(
        api.GET('/api/order/v3/requestitem', {
          params: { query: { requestId: id, pageNum, pageSize } },
        }),
      );
}

export function recordItemsQueryOptions(kind: RecordKind, id: number, page: ItemsPage) {
  return queryOptions({
    queryKey: [...recordsKey(kind), 'items', id, page],
    queryFn: () => getRecordItems(kind, id, page),
    placeholderData: keepPreviousData,
  });
}
