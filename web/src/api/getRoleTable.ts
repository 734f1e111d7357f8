// GET /api/usercenter/role: every role with the permission codes it grants; any logged-in user.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

export const roleTableQueryOptions = queryOptions({
  queryKey: ['usercenter', 'role'],
  queryFn: () => unwrap(api.GET('/api/usercenter/role')),
  // The table changes only with a new server.
  staleTime: Infinity,
});
