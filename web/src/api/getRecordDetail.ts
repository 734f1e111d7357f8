// GET /api/order/v3/detail/{id} and /api/order/v3/request/detail/{id}: an order or a data
// request with its history and the actions the caller may take now (the owner's pages in
// personal, the administration pages in manage).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

type Schemas = components['schemas'];

/** An order or a data request. */
export type RecordKind = Schemas['Kind'];
export type OrderRecord = Schemas['Record'];
export type RecordDetail = Schemas['RecordDetail'];
export type HistoryEntry = Schemas['HistoryEntry'];
/** What someone may do to a record (the detail's `actions`). */
export type RecordAction = Schemas['Action'];

export function getRecordDetail(kind: RecordKind, id: number): Promise<RecordDetail> {
  const params = { path: { id } };
  return kind === 'order'
    ? unwrap(api.GET('/api/order/v3/detail/{id}', { params }))
    : unwrap(api.GET('/api/order/v3/request/detail/{id}', { params }));
}

/** Every query about records of a kind starts with this key (lists, counts, details, items). */
export function recordsKey(kind: RecordKind) {
  return ['records', kind] as const;
}

export function recordDetailQueryOptions(kind: RecordKind, id: number) {
  return queryOptions({
    queryKey: [...recordsKey(kind), 'detail', id],
    queryFn: () => getRecordDetail(kind, id),
  });
}
