// GET /api/usercenter/valid/{username|email|telephone}/{value}: may a new account use this
// name, e-mail or mobile number? Code 0 when free; 400 with the rule or 409 when taken, each
// with the message the registration form shows under the field. The three sibling routes
// share this file: they differ only in the path.
import { queryOptions } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../../api/client';

export type AvailabilityKind = 'username' | 'email' | 'telephone';

/** Null when the value is free; otherwise the server's reason (e.g. 用户名已被注册). */
export async function checkAvailable(
  kind: AvailabilityKind,
  value: string,
): Promise<string | null> {
  const call =
    kind === 'username'
      ? api.GET('/api/usercenter/valid/username/{username}', {
          params: { path: { username: value } },
        })
      : kind === 'email'
        ? api.GET('/api/usercenter/valid/email/{email}', { params: { path: { email: value } } })
        : api.GET('/api/usercenter/valid/telephone/{telephone}', {
            params: { path: { telephone: value } },
          });
  try {
    // Quiet: the answer belongs under the field, not in a toast.
    await unwrap(call, { quiet: true });
    return null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 409)) {
      return error.message;
    }
    throw error;
  }
}

export const availabilityQueryOptions = (kind: AvailabilityKind, value: string) =>
  queryOptions({
    queryKey: ['usercenter', 'valid', kind, value],
    queryFn: () => checkAvailable(kind, value),
    // Typing back and forth, and the check again on submit, need no new request; the
    // registration itself still answers 409 when someone took the name meanwhile.
    staleTime: 30_000,
  });
