// The filters of a list of orders or data requests and the query they send (pure;
// filters.test.ts). The owner's lists and the administration's take the same ones.
import { DEFAULT_PAGE } from './format';

export interface RecordFilter {
  /** A status value of the kind's dictionary; undefined for all. */
  status?: number;
  /** Created from and to these days (YYYY-MM-DD, Beijing), both included. */
  from?: string;
  to?: string;
  /** Part of the code (or of the owner's name, for administrators). */
  keyword?: string;
  pageNum: number;
  pageSize: number;
}

export const NO_FILTER: RecordFilter = { ...DEFAULT_PAGE };

/** The query string of a list call: empty filters are left out. */
export function listQuery(filter: RecordFilter) {
  const keyword = filter.keyword?.trim();
  return {
    pageNum: filter.pageNum,
    pageSize: filter.pageSize,
    ...(filter.status === undefined ? {} : { status: filter.status }),
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
    ...(keyword ? { keyword } : {}),
  };
}

/** A change of filter starts again at the first page; paging keeps the filter. */
export function refilter(filter: RecordFilter, change: Partial<RecordFilter>): RecordFilter {
  const paging = 'pageNum' in change || 'pageSize' in change;
  const next = { ...filter, ...change };
  if (!paging) next.pageNum = 1;
  if (change.pageSize !== undefined && change.pageSize !== filter.pageSize) next.pageNum = 1;
  return next;
}
