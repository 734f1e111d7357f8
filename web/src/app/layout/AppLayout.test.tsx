import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useSession } from '../../lib/session';
import { renderApp } from '../../test/renderApp';

const signedIn = (permissions: string[], cartCount = 0) =>
  useSession.setState({
    token: 't',
    userInfo: { id: 1, username: 'demo', accountType: 0 },
    permissions,
    cartCount,
  });

afterEach(() => useSession.getState().logout());

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
    const { router } = renderApp('/monitor');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('地表覆盖监测');
    expect(router.state.location.pathname).toBe('/monitor/landcover');
  });

  it('shows a module page with its title, breadcrumb and the coming notice', async () => {
    renderApp('/satellite/chinese/gf1');
    expect(await screen.findByTestId('page-title')).toHaveTextContent('高分一号');
    expect(screen.getByTestId('breadcrumb')).toHaveTextContent('首页/卫星介绍/国产卫星/高分一号');
    expect(screen.getByTestId('module-coming')).toHaveTextContent('该功能模块正在建设中');
    await waitFor(() => expect(document.title).toBe('高分一号 - 自然资源卫星遥感云服务平台'));
  });

  it('offers login and register to anonymous visitors; login explains it is coming', async () => {
    const { router } = renderApp('/home');
    await userEvent.click(await screen.findByTestId('login-button'));
    expect(await screen.findByText('登录功能将随账户模块一同上线，敬请期待。')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('register-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    expect(screen.queryByTestId('logout-button')).not.toBeInTheDocument();
  });

  it('shows a logged-in user the cart (with MOD_061, capped at 99+), and logout ends the session', async () => {
    signedIn(['MOD_061'], 120);
    const { router } = renderApp('/normal');
    expect(await screen.findByTestId('cart-link')).toHaveTextContent('99+');
    expect(screen.queryByTestId('login-button')).not.toBeInTheDocument();
    await userEvent.click(screen.getByTestId('logout-button'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/home'));
    expect(useSession.getState().token).toBeNull();
    expect(await screen.findByTestId('login-button')).toBeInTheDocument();
  });

  it('shows no cart without MOD_061', async () => {
    signedIn([]);
    renderApp('/home');
    expect(await screen.findByTestId('personal-link')).toBeInTheDocument();
    expect(screen.queryByTestId('cart-link')).not.toBeInTheDocument();
  });

  it('lists monitoring in the menu only for users with a _DISPLAY code', async () => {
    const { unmount } = renderApp('/home');
    await screen.findByTestId('home-page');
    expect(screen.queryByTestId('menu-monitor')).not.toBeInTheDocument();
    unmount();

    signedIn(['MOD_059_DISPLAY']);
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
    expect(screen.getByTestId('back-to-top')).toBeInTheDocument();
    scrollTo(0);
    expect(screen.queryByTestId('back-to-top')).not.toBeInTheDocument();
  });

  it('shows the footer facts without invented numbers', async () => {
    renderApp('/home');
    const footer = await screen.findByTestId('footer');
    expect(footer).toHaveTextContent('ICP备案号：待配置');
    expect(footer).toHaveTextContent('建议使用 Chrome 65 或 IE11 及以上版本浏览器');
  });
});
