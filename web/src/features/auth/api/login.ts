// POST /api/usercenter/userinfo/loginv2: logs in with username (or phone or e-mail), the sealed
// password and the captcha (spec §3, §4). Code 0 gives the session token; code 2 (HTTP 200)
// means the account must change its password first and gives no session.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError, api, unwrap } from '../../../api/client';
import { sealPassword } from '../../../lib/sealPassword';
import { publicKeyQueryOptions } from '../../../api/getPublicKey';

export interface LoginInput {
  username: string;
  /** In clear; sealed here, right before it is sent. */
  password: string;
  captcha: string;
  /** The token the captcha picture was made for. */
  captchaToken: string;
}

export type LoginResult = { kind: 'session'; token: string } | { kind: 'mustChangePassword' };

/** The envelope code of "change your password first". */
const MUST_CHANGE_PASSWORD = 2;

export async function login(queryClient: QueryClient, input: LoginInput): Promise<LoginResult> {
  const key = await queryClient.fetchQuery(publicKeyQueryOptions);
  const body = {
    username: input.username.trim(),
    password: sealPassword(input.password, key, input.captchaToken),
    captcha: input.captcha.trim(),
    token: input.captchaToken,
  };
  try {
    // Quiet: the dialog words every failure itself (spec §8, login errors).
    const token = await unwrap(api.POST('/api/usercenter/userinfo/loginv2', { body }), {
      quiet: true,
    });
    if (!token) throw new Error('code 0 without a session token');
    return { kind: 'session', token };
  } catch (error) {
    if (error instanceof ApiError && error.code === MUST_CHANGE_PASSWORD) {
      return { kind: 'mustChangePassword' };
    }
    throw error;
  }
}

/** Logs in and, with a session token, hands it to `onSession` (which sets the session up). */
export function useLogin(onSession: (token: string) => Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LoginInput) => {
      const result = await login(queryClient, input);
      if (result.kind === 'session') await onSession(result.token);
      return result;
    },
  });
}
