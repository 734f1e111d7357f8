// The query keys of the administration pages: a change to an account refreshes the account
// list and the audit log (every change writes a row there).
import type { QueryClient } from '@tanstack/react-query';

export const manageKeys = {
  accounts: ['manage', 'accounts'] as const,
  audit: ['manage', 'audit'] as const,
  tables: ['manage', 'tables'] as const,
};

/** After a change: the accounts and the audit log are stale. */
export async function afterChange(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: manageKeys.accounts }),
    queryClient.invalidateQueries({ queryKey: manageKeys.audit }),
  ]);
}
