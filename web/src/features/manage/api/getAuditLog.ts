// GET /api/usercenter/audit: the administrators' changes, newest first, paged, by action.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/schema';
import { manageKeys } from './keys';

export type AuditRow = components['schemas']['AuditRow'];
export type AuditQuery = NonNullable<operations['audit_log']['parameters']['query']>;

export function auditQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: [...manageKeys.audit, query],
    queryFn: () => unwrap(api.GET('/api/usercenter/audit', { params: { query } })),
    placeholderData: keepPreviousData,
  });
}
