// PUT /api/usercenter/userinfo/{id}/status: disables (ending the account's sessions at once) or
// enables an account. 409 for the administrator's own account.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, unwrap } from '../../../api/client';
import type { AccountStatus } from './listAccounts';
import { afterChange } from './keys';

export function setAccountStatus(id: number, status: AccountStatus) {
  return unwrap(
    api.PUT('/api/usercenter/userinfo/{id}/status', {
      params: { path: { id } },
      body: { status },
    }),
  );
}

export function useSetAccountStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: AccountStatus }) =>
      setAccountStatus(id, status),
    onSuccess: () => afterChange(queryClient),
  });
}
