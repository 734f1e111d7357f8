// What a successful login leads to (spec §4): the session gets its token and user, the dialog
// closes, the remembered route and other queued callbacks run, and a Login visit is counted.
import { countVisit, type Visit } from '../api/countVisit';
import { loginSucceeded } from '../lib/loginPrompt';
import { useSession } from '../lib/session';
import { loadUserInfo } from './guard';

export const LOGIN_VISIT: Visit = { name: 'Login', label: '登录' };

/** Rejects, leaving no session, when the token's user cannot be loaded. */
export async function completeLogin(token: string): Promise<void> {
  useSession.setState({ token, userInfo: null, areaRange: [] });
  if (!(await loadUserInfo())) throw new Error('the new session has no usable user info');
  loginSucceeded();
  countVisit(LOGIN_VISIT).catch(() => undefined);
}
