import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissLogin } from '../../lib/loginPrompt';
import { useSession } from '../../lib/session';
import { renderApp } from '../../test/renderApp';
import { accountRoutes } from '../../test/accounts';
import { envelope, requestsTo, stubServer } from '../../test/server';

const LOGIN = '/api/usercenter/userinfo/loginv2';

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
  dismissLogin();
});

async function openDialog() {
  const view = renderApp('/home');
  await userEvent.click(await screen.findByTestId('login-button'));
  await screen.findByTestId('login-dialog');
  return view;
}

function captchaToken(): string {
  const src = screen.getByTestId('login-captcha-image').getAttribute('src') ?? '';
  return new URL(src, 'http://page.test').searchParams.get('token') ?? '';
}

async function fillAndSubmit(username = ' hubei ', password = 'Hubei12345', captcha = 'ab12') {
  await userEvent.type(screen.getByTestId('login-username'), username);
  await userEvent.type(screen.getByTestId('login-password'), password);
  await userEvent.type(screen.getByTestId('login-captcha'), captcha);
  await userEvent.click(screen.getByTestId('login-submit'));
}

const dialogGone = () =>
  waitFor(() => expect(screen.queryByTestId('login-dialog')).not.toBeInTheDocument());

describe('the login dialog', () => {
  it('asks for username, password and captcha before sending anything', async () => {
    const requests = stubServer(accountRoutes());
    await openDialog();
    await userEvent.click(screen.getByTestId('login-submit'));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    expect(requestsTo(requests, LOGIN)).toHaveLength(0);
  });

  it('shows and hides the password', async () => {
    stubServer(accountRoutes());
    await openDialog();
    const password = screen.getByTestId('login-password');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(screen.getByTestId('login-password-toggle'));
    expect(password).toHaveAttribute('type', 'text');
    await userEvent.click(screen.getByTestId('login-password-toggle'));
    expect(password).toHaveAttribute('type', 'password');
  });

  it('shows a new captcha, for a new 32-character token, on every click', async () => {
    stubServer(accountRoutes());
    await openDialog();
    const first = captchaToken();
    expect(first).toMatch(/^[A-Za-z0-9]{32}$/);
    await userEvent.click(screen.getByTestId('login-captcha-refresh'));
    expect(captchaToken()).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(captchaToken()).not.toBe(first);
  });

  it('sends the sealed password with the captcha and its token, then shows the user', async () => {
    const requests = stubServer(accountRoutes());
    await openDialog();
    const token = captchaToken();
    await fillAndSubmit();
    expect(await screen.findByTestId('personal-link')).toBeInTheDocument();
    await dialogGone();

    const body = (await requestsTo(requests, LOGIN)[0]?.json()) as Record<string, string>;
    expect(body).toMatchObject({ username: 'hubei', captcha: 'ab12', token });
    expect(body.password).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(atob(body.password ?? '')).not.toContain('Hubei12345');
    expect(useSession.getState().token).toBe('session-token');
  });

  it("shows the server's message and a new captcha after a failed login", async () => {
    stubServer(
      accountRoutes({
        login: () => envelope(null, { code: 400, status: 400, message: '用户名或密码错误' }),
      }),
    );
    await openDialog();
    const token = captchaToken();
    await fillAndSubmit();
    expect(await screen.findByText('用户名或密码错误')).toBeInTheDocument();
    expect(captchaToken()).not.toBe(token);
    expect(screen.getByTestId('login-captcha')).toHaveValue('');
    expect(screen.getByTestId('login-dialog')).toBeVisible();
    expect(useSession.getState().token).toBeNull();
  });

  it('says 未知的错误… when the failure has no message from the server', async () => {
    stubServer(accountRoutes({ login: () => new Response('Bad Gateway', { status: 502 }) }));
    await openDialog();
    await fillAndSubmit();
    expect(await screen.findByText('未知的错误，请联系管理员或重新尝试')).toBeInTheDocument();
  });

  it('on code 2 closes, explains the upgrade, and confirm opens the old-password change', async () => {
    stubServer(
      accountRoutes({
        login: () => envelope(null, { code: 2, message: '系统升级，请修改密码后重新登录' }),
      }),
    );
    const { router } = await openDialog();
    await fillAndSubmit();
    expect(await screen.findByTestId('upgrade-notice')).toHaveTextContent('由于系统升级');
    await dialogGone();
    expect(useSession.getState().token).toBeNull();
    await userEvent.click(screen.getByTestId('upgrade-confirm'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/resetPassword'));
    expect(router.state.location.search).toBe('?by=password');
    expect(router.state.location.state).toEqual({ username: 'hubei' });
    expect(await screen.findByTestId('change-username')).toHaveValue('hubei');
  });

  it('closes with its close icon, and links to registration', async () => {
    stubServer(accountRoutes());
    const { router } = await openDialog();
    await userEvent.click(screen.getByTestId('login-close'));
    await dialogGone();
    await userEvent.click(screen.getByTestId('login-button'));
    await userEvent.click(await screen.findByTestId('login-register'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
    await dialogGone();
  });
});
