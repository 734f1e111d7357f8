// POST /api/usercenter/userinfo/logout: ends the session on the server, then here (spec §4).
import { useMutation } from '@tanstack/react-query';
import { useSession } from '../lib/session';
import { api, unwrap } from './client';

/** Spec §8 "logout failure". */
export const LOGOUT_FAILED_MESSAGE = '登出异常';

/** Ends the session; it is forgotten here even when the server could not be told. */
export async function logout(): Promise<void> {
  try {
    // Quiet: a failure is reported once, by the caller, with LOGOUT_FAILED_MESSAGE.
    await unwrap(api.POST('/api/usercenter/userinfo/logout'), { quiet: true });
  } finally {
    useSession.getState().clear();
  }
}

export function useLogout() {
  return useMutation({ mutationFn: logout });
}
