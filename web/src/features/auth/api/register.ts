// POST /api/usercenter/register: creates an account once the code sent to its mobile number
// or e-mail checks out. The password is sealed like the login's (../sealPassword.ts), with a
// fresh 32-character token of this form as the associated data, sent along as `token`.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { components } from '../../../api/schema';
import { newSealingToken } from '../../../lib/captcha';
import { sealPassword } from '../../../lib/sealPassword';
import { publicKeyQueryOptions } from '../../../api/getPublicKey';
import type { Channel } from '../../../api/sendCode';

export type Registered = components['schemas']['Registered'];

export interface RegisterInput {
  username: string;
  /** In clear; sealed here, right before it is sent. */
  password: string;
  channel: Channel;
  telephone?: string;
  email?: string;
  code: string;
}

/** A filled-in contact, or undefined (the server takes a missing one as none). */
function contact(value: string | undefined): string | undefined {
  return value?.trim() || undefined;
}

export async function register(
  queryClient: QueryClient,
  input: RegisterInput,
): Promise<Registered> {
  const key = await queryClient.fetchQuery(publicKeyQueryOptions);
  const token = newSealingToken();
  const body = {
    username: input.username.trim(),
    password: sealPassword(input.password, key, token),
    token,
    telephone: contact(input.telephone),
    email: contact(input.email),
    channel: input.channel,
    code: input.code.trim(),
  };
  // Quiet: the form shows the failure above its button.
  return unwrap(api.POST('/api/usercenter/register', { body }), { quiet: true });
}

export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: RegisterInput) => register(queryClient, input) });
}
