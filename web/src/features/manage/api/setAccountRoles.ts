// PUT /api/usercenter/userinfo/{id}/roles: replaces an account's roles. 409 when an
// administrator would take their own admin role away.
import { api, unwrap } from '../../../api/client';

export function setAccountRoles(id: number, roles: string[]) {
  return unwrap(
    api.PUT('/api/usercenter/userinfo/{id}/roles', { params: { path: { id } }, body: { roles } }),
  );
}
