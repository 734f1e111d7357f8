// GET /api/usercenter/permission: every permission code with its Chinese name.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { manageKeys } from './keys';

export const permissionTableQueryOptions = queryOptions({
  queryKey: [...manageKeys.tables, 'permission'],
  queryFn: () => unwrap(api.GET('/api/usercenter/permission')),
  // The table changes only with a new server.
  staleTime: Infinity,
});
