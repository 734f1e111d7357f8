import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissLogin } from '../../lib/loginPrompt';
import { useSession } from '../../lib/session';
import { accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { signIn, testUser } from '../../test/session';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
  dismissLogin();
});

const CART_COUNT = 'GET /api/order/v3/ordercart/count';

describe('the app shell', () => {
  it('lands on /home from / and from an unknown path', async () => {
    for (const start of ['/', '/nonexistent']) {
      const { router, unmount } = renderApp(start);
      expect(await screen.findByTestId('home-page')).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/home');
      unmount();
    }
  });

  it('redirects /monitor to /monitor/landcover', async () => {
    stubServer(accountRoutes({ user: testUser(['MOD_056']) }));
    signIn(['MOD_056']);
    const { router } = renderApp('/monitor');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('地表覆盖监测');
    expect(router.state.location.pathname).toBe('/monitor/landcover');
  });

  it('shows a module page with its title and breadcrumb', async () => {
    renderApp('/statistics/push');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('推送统计');
    expect(screen.getByTestId('breadcrumb')).toHaveTextContent('首页/统计分析/推送统计');
    await waitFor(() => expect(document.title).toBe('推送统计 - 自然资源卫星遥感云服务平台'));
  });

  it('offers login and register to anonymous visitors; login opens the dialog', async () => {
    const { router } = renderApp('/home');
    await userEvent.click(await screen.findByTestId('login-button'));
    expect(await screen.findByTestId('login-dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('login-close'));
    await userEvent.click(screen.getByTestId('register-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
  });

  it('shows a logged-in user the cart (with MOD_061, its count from the server, 99+ above 99), personal centre and logout', async () => {
    const requests = stubServer({ [CART_COUNT]: () => envelope(120) });
    signIn(['MOD_061']);
    renderApp('/normal');
    await waitFor(() => expect(screen.getByTestId('cart-link')).toHaveTextContent('99+'));
    // A screen reader hears the whole count in the link's name.
    expect(screen.getByTestId('cart-link')).toHaveAccessibleName('购物车（120）');
    expect(useSession.getState().cartCount).toBe(120);
    expect(requestsTo(requests, '/api/order/v3/ordercart/count')[0]?.headers.get('token')).toBe(
      'session-token',
    );
    expect(screen.getByTestId('personal-link')).toHaveAttribute(
      'href',
      '/personal/personalCenter/info',
    );
    expect(screen.getByTestId('logout-button')).toBeInTheDocument();
    expect(screen.queryByTestId('login-button')).not.toBeInTheDocument();
  });

  it('shows the cart without a badge while the cart is empty', async () => {
    stubServer({ [CART_COUNT]: () => envelope(0) });
    signIn(['MOD_061']);
    renderApp('/normal');
    const cart = await screen.findByTestId('cart-link');
    expect(cart).toHaveTextContent(/^$/);
    expect(cart).toHaveAccessibleName('购物车');
  });

  it('logs a failed cart count as 获取购物车数量异常 and shows no error', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubServer({
      [CART_COUNT]: () => envelope(null, { code: 500, status: 500, message: '服务异常' }),
    });
    signIn(['MOD_061'], 4);
    renderApp('/normal');
    await waitFor(() =>
      expect(logged).toHaveBeenCalledWith('获取购物车数量异常', expect.any(Error)),
    );
    expect(screen.getByTestId('cart-link')).toHaveTextContent('4');
    expect(screen.queryByText('服务异常')).not.toBeInTheDocument();
  });

  it('shows no cart, and asks for no count, without MOD_061', async () => {
    const requests = stubServer({ [CART_COUNT]: () => envelope(3) });
    signIn([]);
    renderApp('/home');
    expect(await screen.findByTestId('personal-link')).toBeInTheDocument();
    expect(screen.queryByTestId('cart-link')).not.toBeInTheDocument();
    expect(requestsTo(requests, '/api/order/v3/ordercart/count')).toHaveLength(0);
  });

  it('logs out on the server, forgets the session and returns home', async () => {
    const requests = stubServer({ ...accountRoutes(), [CART_COUNT]: () => envelope(3) });
    signIn(['MOD_061'], 3);
    const { router } = renderApp('/normal');
    await userEvent.click(await screen.findByTestId('logout-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(requestsTo(requests, '/api/usercenter/userinfo/logout')).toHaveLength(1);
    expect(useSession.getState()).toMatchObject({ token: null, userInfo: null, cartCount: 0 });
    expect(await screen.findByTestId('login-button')).toBeInTheDocument();
  });

  it('lists monitoring in the menu only for users with a _DISPLAY code', async () => {
    const { unmount } = renderApp('/home');
    await screen.findByTestId('home-page');
    expect(screen.queryByTestId('menu-monitor')).not.toBeInTheDocument();
    unmount();

    signIn(['MOD_059_DISPLAY']);
    renderApp('/home');
    expect(await screen.findByTestId('menu-monitor')).toBeInTheDocument();
  });

  it('shows the back-to-top button from 300 px of scrolling', async () => {
    renderApp('/home');
    await screen.findByTestId('home-page');
    const scrollTo = (y: number) =>
      act(() => {
        window.scrollY = y;
        fireEvent.scroll(window);
      });
    scrollTo(299);
    expect(screen.queryByTestId('back-to-top')).not.toBeInTheDocument();
    scrollTo(300);
    // The button's code loads the first time it is needed.
    expect(await screen.findByTestId('back-to-top')).toBeInTheDocument();
    scrollTo(0);
    expect(screen.queryByTestId('back-to-top')).not.toBeInTheDocument();
  });

  it('shows the footer facts without invented numbers', async () => {
    renderApp('/home');
    const footer = await screen.findByTestId('footer');
    expect(footer).toHaveTextContent('ICP备案号：待配置');
    expect(footer).toHaveTextContent('建议使用 Chrome 65 或 IE11 及以上版本浏览器');
    // No download address configured on the server: no code, and it says so.
    expect(await screen.findByText('下载地址待配置')).toBeInTheDocument();
    expect(screen.queryByTestId('app-qr-code')).not.toBeInTheDocument();
  });

  it('draws the app QR code of the download address the server is configured with', async () => {
    stubServer({
      'GET /api/client-package': () =>
        envelope({ url: 'https://example.org/app.apk', version: '2.1.0' }),
    });
    renderApp('/home');
    const code = await screen.findByTestId('app-qr-code');
    expect(code.tagName.toLowerCase()).toBe('svg');
    expect(screen.getByTitle('App 2.1.0')).toBeInTheDocument();
  });
});
