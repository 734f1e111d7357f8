// GET /api/usercenter/pushnode (public): the province offices' push nodes, their regions and
// how many accounts each connects; no account is named. 省级节点 lists them, and a manager's
// push dialog offers them as the nodes of a batch.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { components } from './schema';

export type PushNode = components['schemas']['PushNodeSummary'];

export const pushNodesQueryOptions = queryOptions({
  queryKey: ['usercenter', 'pushnodes'],
  queryFn: () => unwrap(api.GET('/api/usercenter/pushnode')),
});
