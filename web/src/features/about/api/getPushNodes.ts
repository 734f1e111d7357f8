// GET /api/usercenter/pushnode (public): the province offices' push nodes, their regions and
// how many accounts each connects; no account is named.
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type PushNode = components['schemas']['PushNodeSummary'];

export const pushNodesQueryOptions = queryOptions({
  queryKey: ['about', 'pushnodes'],
  queryFn: () => unwrap(api.GET('/api/usercenter/pushnode')),
});
