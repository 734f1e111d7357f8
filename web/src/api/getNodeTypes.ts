// GET /api/usercenter/nodetype: the account types (0 个人用户, 1 省级节点, …); any logged-in user.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';

export const nodeTypesQueryOptions = queryOptions({
  queryKey: ['usercenter', 'nodetype'],
  queryFn: () => unwrap(api.GET('/api/usercenter/nodetype')),
  // The table changes only with a new server.
  staleTime: Infinity,
});
