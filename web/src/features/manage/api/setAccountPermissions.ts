// PUT /api/usercenter/userinfo/{id}/permissions: replaces the permission codes granted to the
// account itself (its roles' permissions stay).
import { api, unwrap } from '../../../api/client';
import type { Permission } from '../../../api/permissions';

export function setAccountPermissions(id: number, codes: Permission[]) {
  return unwrap(
    api.PUT('/api/usercenter/userinfo/{id}/permissions', {
      params: { path: { id } },
      body: { codes },
    }),
  );
}
