// GET /api/usercenter/publickey: the key login passwords are sealed to (see ../sealPassword.ts).
import { queryOptions } from '@tanstack/react-query';
import { api, unwrap } from './client';
import type { SealingKey } from '../lib/sealPassword';

export function getPublicKey(): Promise<SealingKey> {
  // Quiet: only the login needs it, and the login dialog reports its failures.
  return unwrap(api.GET('/api/usercenter/publickey'), { quiet: true });
}

export const publicKeyQueryOptions = queryOptions({
  queryKey: ['usercenter', 'publickey'],
  queryFn: getPublicKey,
  // The server keeps its key across restarts; one fetch per visit is enough.
  staleTime: Infinity,
});
