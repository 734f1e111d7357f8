// GET /api/usercenter/detail: the logged-in user (spec §3). Its answer is session state, so the
// navigation guard keeps it in the session store (src/lib/session.ts) rather than in the query
// cache; 401 (session ended) goes through the client's logout-and-warn path.
import type { UserInfo } from '../lib/session';
import { api, unwrap } from './client';

export function getUserDetail(): Promise<UserInfo> {
  return unwrap(api.GET('/api/usercenter/detail'));
}
