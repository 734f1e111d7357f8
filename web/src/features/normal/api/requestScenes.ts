// POST /api/order/v3/request: a data request for offline scenes (followed on 我的申请).
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type NewRequest = components['schemas']['NewRequest'];

export function requestScenes(body: NewRequest) {
  return unwrap(api.POST('/api/order/v3/request', { body }));
}

export function useRequestScenes() {
  return useMutation({ mutationFn: requestScenes });
}
