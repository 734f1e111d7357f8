import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_ADMIN_MESSAGE, NOT_EDITOR_MESSAGE } from '../lib/access';
import { NO_PERMISSION_MESSAGE, NO_RANGE_MESSAGE } from '../lib/monitoringRule';
import { useSession } from '../lib/session';
import { regionRange, signIn, signInAdmin, signInEditor, testUser } from '../test/session';
import { checkRoute, type GuardDeps, type GuardTarget } from './guard';

const at = (pathname: string, search = ''): GuardTarget => ({ pathname, search });

/** Server calls that fail the test unless a case gives them an answer. */
function deps(overrides: Partial<GuardDeps> = {}): GuardDeps {
  return {
    fetchUser: vi.fn(() => Promise.reject(new Error('fetchUser not expected'))),
    fetchAreaRange: vi.fn(() => Promise.reject(new Error('fetchAreaRange not expected'))),
    screenLogin: vi.fn(() => Promise.reject(new Error('screenLogin not expected'))),
    ...overrides,
  };
}

const windmill = at('/monitor/windmill');

afterEach(() => useSession.getState().clear());

describe('guard branch 1: a token without user info', () => {
  it('loads the user into the session, then checks the route again', async () => {
    useSession.setState({ token: 'kept' });
    const calls = deps({
      fetchUser: () => Promise.resolve(testUser(['MOD_059'])),
      fetchAreaRange: vi.fn(() => Promise.resolve([regionRange()])),
    });
    await expect(checkRoute(windmill, null, calls)).resolves.toEqual({ kind: 'allow' });
    expect(useSession.getState().userInfo?.username).toBe('hubei');
    // The retry went on to branch 2.
    expect(calls.fetchAreaRange).toHaveBeenCalledWith(7);
  });

  it.each([
    ['no permission list', { ...testUser(), permissions: undefined }],
    ['no username', { ...testUser(), username: '' }],
    ['no id', { ...testUser(), id: undefined }],
  ])('ends the session when the user has %s, then checks as anonymous', async (_, user) => {
    useSession.setState({ token: 'kept' });
    const calls = deps({ fetchUser: () => Promise.resolve(user) });
    await expect(checkRoute(windmill, null, calls)).resolves.toMatchObject({ kind: 'login' });
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null });
  });

  it('ends the session and goes home when the user cannot be loaded', async () => {
    useSession.setState({ token: 'expired' });
    const calls = deps({ fetchUser: () => Promise.reject(new Error('401')) });
    await expect(checkRoute(at('/normal'), null, calls)).resolves.toEqual({
      kind: 'redirect',
      to: '/home',
    });
    expect(useSession.getState().token).toBeNull();
  });
});

describe('guard branch 2: a user on a route with an authority', () => {
  it('allows it with the permission and a regionId range, and keeps the range', async () => {
    signIn(['MOD_059']);
    const calls = deps({ fetchAreaRange: () => Promise.resolve([regionRange('420000')]) });
    await expect(checkRoute(windmill, null, calls)).resolves.toEqual({ kind: 'allow' });
    expect(useSession.getState().areaRange).toEqual([regionRange('420000')]);
  });

  it('refuses without a regionId range: 未关联用户权限范围，请联系管理员', async () => {
    signIn(['MOD_059']);
    const otherKind = { ...regionRange(), type: 'pushNode' };
    const calls = deps({ fetchAreaRange: () => Promise.resolve([otherKind]) });
    await expect(checkRoute(windmill, null, calls)).resolves.toEqual({
      kind: 'refuse',
      message: NO_RANGE_MESSAGE,
    });
  });

  it('refuses without the permission: 无查看信息权限，请联系管理员', async () => {
    signIn(['MOD_056']);
    const calls = deps({ fetchAreaRange: () => Promise.resolve([regionRange()]) });
    await expect(checkRoute(windmill, null, calls)).resolves.toEqual({
      kind: 'refuse',
      message: NO_PERMISSION_MESSAGE,
    });
  });

  it('goes home when the area range cannot be fetched', async () => {
    signIn(['MOD_059']);
    const calls = deps({ fetchAreaRange: () => Promise.reject(new Error('500')) });
    await expect(checkRoute(windmill, null, calls)).resolves.toEqual({
      kind: 'redirect',
      to: '/home',
    });
  });

  it('lets a user open login-only routes without asking the server', async () => {
    signIn([]);
    const calls = deps();
    await expect(checkRoute(at('/personal/personalCenter/info'), null, calls)).resolves.toEqual({
      kind: 'allow',
    });
    expect(calls.fetchAreaRange).not.toHaveBeenCalled();
  });
});

describe('guard branch 2: a user on an administration route', () => {
  it.each([
    ['every permission but no admin role', ['MOD_054', 'MOD_061', 'MOD_056']],
    ['nothing', []],
  ])('refuses a user holding %s: 仅系统管理员可以进行此操作', async (_, permissions) => {
    signIn(permissions);
    await expect(checkRoute(at('/manage/users'), null, deps())).resolves.toEqual({
      kind: 'refuse',
      message: NOT_ADMIN_MESSAGE,
    });
  });

  it('allows an administrator without asking the server', async () => {
    signInAdmin();
    const calls = deps();
    await expect(checkRoute(at('/manage/audit'), null, calls)).resolves.toEqual({ kind: 'allow' });
    expect(calls.fetchAreaRange).not.toHaveBeenCalled();
  });

  it('refuses an editor the administration pages but opens the content console', async () => {
    signInEditor();
    await expect(checkRoute(at('/manage/users'), null, deps())).resolves.toEqual({
      kind: 'refuse',
      message: NOT_ADMIN_MESSAGE,
    });
    await expect(checkRoute(at('/manage/news'), null, deps())).resolves.toEqual({ kind: 'allow' });
  });

  it('refuses the content console to a user without the editor or admin role', async () => {
    signIn(['MOD_054', 'MOD_061']);
    for (const page of ['/manage', '/manage/news', '/manage/pages', '/manage/files']) {
      await expect(checkRoute(at(page), null, deps())).resolves.toEqual({
        kind: 'refuse',
        message: NOT_EDITOR_MESSAGE,
      });
    }
  });

  it('opens the content console to an administrator', async () => {
    signInAdmin();
    await expect(checkRoute(at('/manage/files'), null, deps())).resolves.toEqual({
      kind: 'allow',
    });
  });

  it('opens the login dialog for an anonymous visitor', async () => {
    await expect(checkRoute(at('/manage/users'), null, deps())).resolves.toMatchObject({
      kind: 'login',
      target: '/manage/users',
    });
  });
});

describe('guard branch 3: no token and ?screenCode=1|2', () => {
  it('code 1 logs the screen in and opens the route flagged with screenCode=1', async () => {
    const calls = deps({ screenLogin: vi.fn(() => Promise.resolve('screen-token')) });
    await expect(
      checkRoute(at('/monitor/windmill', '?screenCode=1'), null, calls),
    ).resolves.toEqual({ kind: 'redirect', to: '/monitor/windmill?screenCode=1' });
    expect(calls.screenLogin).toHaveBeenCalledWith(1, undefined);
    expect(useSession.getState().token).toBe('screen-token');
  });

  it('passes the screenKey of the address on, and code 1 keeps it for the next login', async () => {
    const calls = deps({ screenLogin: vi.fn(() => Promise.resolve('screen-token')) });
    await expect(
      checkRoute(at('/monitor/windmill', '?screenCode=1&screenKey=k-42'), null, calls),
    ).resolves.toEqual({ kind: 'redirect', to: '/monitor/windmill?screenCode=1&screenKey=k-42' });
    expect(calls.screenLogin).toHaveBeenCalledWith(1, 'k-42');
  });

  it('code 2 keeps the geojsonId for the route', async () => {
    const calls = deps({ screenLogin: vi.fn(() => Promise.resolve('screen-token')) });
    const target = at('/monitor/landcover', '?screenCode=2&geojsonId=g-17');
    await expect(checkRoute(target, null, calls)).resolves.toEqual({
      kind: 'redirect',
      to: '/monitor/landcover?geojsonId=g-17',
    });
    expect(calls.screenLogin).toHaveBeenCalledWith(2, undefined);
  });

  it('goes home when the silent login fails', async () => {
    const calls = deps({ screenLogin: () => Promise.reject(new Error('404')) });
    await expect(
      checkRoute(at('/monitor/windmill', '?screenCode=2'), null, calls),
    ).resolves.toEqual({ kind: 'redirect', to: '/home' });
    expect(useSession.getState().token).toBeNull();
  });

  it('ignores other screen codes', async () => {
    const calls = deps();
    await expect(checkRoute(at('/normal', '?screenCode=3'), null, calls)).resolves.toEqual({
      kind: 'allow',
    });
    expect(calls.screenLogin).not.toHaveBeenCalled();
  });
});

describe('guard branch 4: anonymous visitors', () => {
  it('from root to an authority route: home, with the login dialog for that route', async () => {
    await expect(checkRoute(at('/monitor/windmill', '?x=1'), null, deps())).resolves.toEqual({
      kind: 'login',
      target: '/monitor/windmill?x=1',
      back: '/home',
    });
  });

  it('from a page to a login-only route: stays on that page, with the login dialog', async () => {
    const previous = at('/platform/platformIntro/description', '?tab=2');
    await expect(checkRoute(at('/orbitalPredict'), previous, deps())).resolves.toEqual({
      kind: 'login',
      target: '/orbitalPredict',
      back: '/platform/platformIntro/description?tab=2',
    });
  });

  it('goes home instead when the page before needs a login as well', async () => {
    const previous = at('/personal/personalCenter/info');
    await expect(checkRoute(windmill, previous, deps())).resolves.toMatchObject({ back: '/home' });
  });

  it('lets every other route pass, unknown ones too', async () => {
    for (const path of ['/home', '/normal', '/monitor', '/nonexistent']) {
      await expect(checkRoute(at(path), null, deps())).resolves.toEqual({ kind: 'allow' });
    }
  });
});
