// PUT /api/usercenter/telephone: binds the account to a new mobile number, proved by the code
// sent to that number (send purpose "change"). 409 when another account has it.
import { api, unwrap } from '../../../api/client';

export function changeTelephone(telephone: string, code: string) {
  // Quiet: the dialog shows the failure.
  return unwrap(api.PUT('/api/usercenter/telephone', { body: { telephone, code } }), {
    quiet: true,
  });
}
