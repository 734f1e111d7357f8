// POST /api/push/v1/batch (managers): sends scenes to province nodes, each node receiving those
// that meet its region. Unknown ids or nodes refuse the whole batch with a 400 naming them;
// the dialog shows the server's message itself (a quiet call).
import { useMutation } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';

export type NewPushBatch = components['schemas']['NewPushBatch'];
export type SentBatch = components['schemas']['PushBatch'];

export function createPushBatch(body: NewPushBatch): Promise<SentBatch> {
  return unwrap(api.POST('/api/push/v1/batch', { body }), { quiet: true });
}

export function useCreatePushBatch() {
  return useMutation({ mutationFn: createPushBatch });
}
