// PUT /api/usercenter/password: changes a password given the old one (also how an account
// flagged for the system upgrade, login code 2, gets its new one). Both passwords are sealed
// with the captcha token as associated data; the captcha is used up by every try, and failures
// count like failed logins (429 after too many).
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from './client';
import { sealPassword } from '../lib/sealPassword';
import { publicKeyQueryOptions } from './getPublicKey';

export interface ChangePasswordInput {
  /** Username, mobile number or e-mail. */
  username: string;
  /** Both in clear; sealed here. */
  oldPassword: string;
  password: string;
  captcha: string;
  /** The token the captcha picture was made for. */
  captchaToken: string;
}

export async function changePassword(
  queryClient: QueryClient,
  input: ChangePasswordInput,
): Promise<void> {
  const key = await queryClient.fetchQuery(publicKeyQueryOptions);
  const token = input.captchaToken;
  const body = {
    username: input.username.trim(),
    oldPassword: sealPassword(input.oldPassword, key, token),
    password: sealPassword(input.password, key, token),
    captcha: input.captcha.trim(),
    token,
  };
  // Quiet: the form shows the failure above its button.
  await unwrap(api.PUT('/api/usercenter/password', { body }), { quiet: true });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => changePassword(queryClient, input),
  });
}
