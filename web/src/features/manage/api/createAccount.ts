// POST /api/usercenter/userinfo: a new account with its roles. The first password is sealed to
// the server key like every password the page sends, with a fresh token of the form.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import { publicKeyQueryOptions } from '../../../api/getPublicKey';
import type { components } from '../../../api/schema';
import { newSealingToken } from '../../../lib/captcha';
import { sealPassword } from '../../../lib/sealPassword';
import { afterChange } from './keys';

type NewAccount = components['schemas']['NewAccount'];

/** The form's values: the password in clear (sealed here). */
export type NewAccountInput = Omit<NewAccount, 'token' | 'password'> & { password: string };

export async function createAccount(queryClient: QueryClient, input: NewAccountInput) {
  const key = await queryClient.fetchQuery(publicKeyQueryOptions);
  const token = newSealingToken();
  const body: NewAccount = { ...input, password: sealPassword(input.password, key, token), token };
  // Quiet: the dialog shows the failure beside its fields.
  return unwrap(api.POST('/api/usercenter/userinfo', { body }), { quiet: true });
}

export function useCreateAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: NewAccountInput) => createAccount(queryClient, input),
    onSuccess: () => afterChange(queryClient),
  });
}
