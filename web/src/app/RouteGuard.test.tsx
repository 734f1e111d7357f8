import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissLogin } from '../lib/loginPrompt';
import { useSession } from '../lib/session';
import { accountRoutes } from '../test/accounts';
import { renderApp } from '../test/renderApp';
import { envelope, requestsTo, stubServer } from '../test/server';
import { signIn, testUser } from '../test/session';

const INCR = '/api/statistics-transaction/incr';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
  dismissLogin();
});

async function logInThroughDialog() {
  await userEvent.type(await screen.findByTestId('login-username'), 'hubei');
  await userEvent.type(screen.getByTestId('login-password'), 'Hubei12345');
  await userEvent.type(screen.getByTestId('login-captcha'), 'ab12');
  await userEvent.click(screen.getByTestId('login-submit'));
}

describe('the route guard in the app', () => {
  it('sends an anonymous deep link home with the login dialog, then opens it after login', async () => {
    stubServer(accountRoutes());
    const { router } = renderApp('/monitor/windmill');
    expect(await screen.findByTestId('login-dialog')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));

    await logInThroughDialog();

    expect(await screen.findByTestId('page-title')).toHaveTextContent('风电设施监测');
    expect(router.state.location.pathname).toBe('/monitor/windmill');
  });

  it('keeps an anonymous visitor on the page when a link needs a login', async () => {
    const { router } = renderApp('/normal');
    await screen.findByTestId('page-title');
    await router.navigate('/personal/personalCenter/info');
    expect(await screen.findByTestId('login-dialog')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/normal'));
  });

  it('keeps the page mounted when only the search parameters change', async () => {
    const { router } = renderApp('/about/FAQ');
    const title = await screen.findByTestId('page-title');
    await router.navigate('/about/FAQ?q=1');
    await waitFor(() => expect(router.state.location.search).toBe('?q=1'));
    expect(screen.queryByTestId('route-checking')).not.toBeInTheDocument();
    // the very element stays: nothing was unmounted in between
    expect(screen.getByTestId('page-title')).toBe(title);
  });

  it.each([
    ['without an area range', testUser(['MOD_059']), [], '未关联用户权限范围，请联系管理员'],
    ['without the permission', testUser(['MOD_056']), undefined, '无查看信息权限，请联系管理员'],
  ])(
    'refuses a monitoring page %s, in the page and as a message',
    async (_, user, ranges, text) => {
      stubServer(accountRoutes({ user, ...(ranges && { ranges }) }));
      signIn(user.permissions);
      renderApp('/monitor/windmill');
      expect(await screen.findByTestId('access-refused')).toHaveTextContent(text);
      // The toast says it as well.
      await waitFor(() => expect(screen.getAllByText(text)).toHaveLength(2));
      expect(screen.queryByTestId('page-title')).not.toBeInTheDocument();
    },
  );

  it('restores the session of a stored token (a reload) by loading the user', async () => {
    stubServer(accountRoutes());
    useSession.setState({ token: 'session-token' });
    renderApp('/home');
    expect(await screen.findByTestId('personal-link')).toBeInTheDocument();
    expect(useSession.getState().userInfo?.username).toBe('hubei');
  });

  it('ends a stored session the server no longer knows, and goes home', async () => {
    stubServer({
      'GET /api/usercenter/detail': () =>
        envelope(null, { code: 401, status: 401, message: '请先登录' }),
    });
    useSession.setState({ token: 'expired' });
    const { router } = renderApp('/normal');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(useSession.getState().token).toBeNull();
    expect(await screen.findByTestId('login-button')).toBeInTheDocument();
  });

  it('counts a visit after a tracked page; the cart counts the personal centre too', async () => {
    const requests = stubServer(accountRoutes());
    signIn(['MOD_061']);
    renderApp('/personal/personalCenter/shopping');
    await screen.findByTestId('page-title');
    await waitFor(() => expect(requestsTo(requests, INCR)).toHaveLength(2));
    const names = await Promise.all(
      requestsTo(requests, INCR).map(
        async (request) => ((await request.json()) as { name: string }).name,
      ),
    );
    expect(names).toEqual(['Shopping', 'Personal']);
  });
});
