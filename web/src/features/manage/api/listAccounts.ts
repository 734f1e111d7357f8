// GET /api/usercenter/userinfo: the accounts, filtered by keyword, status and role, paged.
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components, operations } from '../../../api/schema';
import { manageKeys } from './keys';

export type Account = components['schemas']['Account'];
export type AccountStatus = components['schemas']['AccountStatus'];
export type AccountQuery = NonNullable<operations['list_accounts']['parameters']['query']>;

export function accountsQueryOptions(query: AccountQuery) {
  return queryOptions({
    queryKey: [...manageKeys.accounts, query],
    queryFn: () => unwrap(api.GET('/api/usercenter/userinfo', { params: { query } })),
    // The table keeps its rows while the next page or filter loads.
    placeholderData: keepPreviousData,
  });
}
