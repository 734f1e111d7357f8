// PUT /api/usercenter/email: binds the account to a new e-mail, proved by the code sent to that
// address (send purpose "change"). 409 when another account has it.
import { api, unwrap } from '../../../api/client';

export function changeEmail(email: string, code: string) {
  // Quiet: the dialog shows the failure.
  return unwrap(api.PUT('/api/usercenter/email', { body: { email, code } }), { quiet: true });
}
