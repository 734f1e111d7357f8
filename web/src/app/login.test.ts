import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissLogin, openLogin, useLoginPrompt, whenLoggedIn } from '../lib/loginPrompt';
import { useSession } from '../lib/session';
import { SESSION_TOKEN, accountRoutes } from '../test/accounts';
import { envelope, requestsTo, stubServer } from '../test/server';
import { testUser } from '../test/session';
import { completeLogin } from './login';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
  dismissLogin();
});

describe('after a successful login', () => {
  it('loads the user, closes the dialog, runs queued callbacks and counts Login', async () => {
    const requests = stubServer(accountRoutes());
    const remembered = vi.fn();
    openLogin();
    whenLoggedIn(remembered);

    await completeLogin(SESSION_TOKEN);

    expect(useSession.getState()).toMatchObject({
      token: SESSION_TOKEN,
      userInfo: { username: 'hubei' },
    });
    expect(useLoginPrompt.getState().open).toBe(false);
    expect(remembered).toHaveBeenCalledOnce();
    const [visit] = requestsTo(requests, '/api/statistics-transaction/incr');
    expect(await visit?.json()).toEqual({ name: 'Login', label: '登录' });
  });

  it('leaves no session and keeps the dialog when the user is unusable', async () => {
    stubServer({
      ...accountRoutes(),
      'GET /api/usercenter/detail': () => envelope({ ...testUser(), permissions: null }),
    });
    const remembered = vi.fn();
    openLogin();
    whenLoggedIn(remembered);

    await expect(completeLogin(SESSION_TOKEN)).rejects.toThrow();

    expect(useSession.getState().token).toBeNull();
    expect(useLoginPrompt.getState().open).toBe(true);
    expect(remembered).not.toHaveBeenCalled();
  });
});
