// POST /api/usercenter/forgetpwd: sets a new password for the account with this mobile number
// or e-mail, proved by the code sent there, and ends the account's sessions. The password is
// sealed with a fresh 32-character token of this form as the associated data.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { newSealingToken } from '../../../lib/captcha';
import { sealPassword } from '../../../lib/sealPassword';
import { publicKeyQueryOptions } from '../../../api/getPublicKey';
import type { Channel } from '../../../api/sendCode';

export interface ForgetPasswordInput {
  channel: Channel;
  address: string;
  code: string;
  /** The new password in clear; sealed here. */
  password: string;
}

export async function forgetPassword(
  queryClient: QueryClient,
  input: ForgetPasswordInput,
): Promise<void> {
  const key = await queryClient.fetchQuery(publicKeyQueryOptions);
  const token = newSealingToken();
  const body = {
    channel: input.channel,
    address: input.address.trim(),
    code: input.code.trim(),
    password: sealPassword(input.password, key, token),
    token,
  };
  // Quiet: the form shows the failure above its button.
  await unwrap(api.POST('/api/usercenter/forgetpwd', { body }), { quiet: true });
}

export function useForgetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ForgetPasswordInput) => forgetPassword(queryClient, input),
  });
}
