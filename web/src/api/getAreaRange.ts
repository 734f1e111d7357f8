// GET /api/usercenter/arearange/userid/{userId}/0: the user's authorised area range, not
// deleted (spec §3). Session state like the user's details (see getUserDetail.ts).
import type { AreaRangeItem } from '../lib/session';
import { api, unwrap } from './client';

export function getAreaRange(userId: number): Promise<AreaRangeItem[]> {
  return unwrap(
    api.GET('/api/usercenter/arearange/userid/{userId}/{deleted}', {
      params: { path: { userId, deleted: 0 } },
    }),
  );
}
