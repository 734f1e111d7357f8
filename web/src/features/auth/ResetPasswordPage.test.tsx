import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissLogin } from '../../lib/loginPrompt';
import { useSession } from '../../lib/session';
import { SERVER_SECRET_KEY, accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { openSealed } from '../../test/seal';
import { envelope, requestsTo, stubServer } from '../../test/server';
import { oldPasswordLink } from './resetPasswordLink';

const PHONE = '13800138000';
const SEND = `/api/usercenter/send/telephone/${PHONE}`;
const FORGOT = '/api/usercenter/forgetpwd';
const CHANGE = '/api/usercenter/password';

function routes(extra: Record<string, () => Response> = {}) {
  return {
    ...accountRoutes(),
    [`POST ${SEND}`]: () => envelope(null),
    [`POST ${FORGOT}`]: () => envelope(null),
    [`PUT ${CHANGE}`]: () => envelope(null),
    ...extra,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
  dismissLogin();
});

const type = (testId: string, text: string) => userEvent.type(screen.getByTestId(testId), text);

function captchaToken(testId: string): string {
  const src = screen.getByTestId(`${testId}-captcha-image`).getAttribute('src') ?? '';
  return new URL(src, 'http://page.test').searchParams.get('token') ?? '';
}

const selectedTab = () => screen.getByRole('tab', { selected: true });

describe('the password page', () => {
  it('opens on the recovery by code, with both ways as tabs', async () => {
    stubServer(routes());
    renderApp('/resetPassword');
    await screen.findByTestId('forgot-form');
    expect(selectedTab()).toHaveTextContent('通过手机号/邮箱找回');
    expect(screen.getByRole('tab', { name: '使用原密码修改' })).toBeInTheDocument();
  });

  it('opens on the old-password tab from the upgrade notice, the username filled in', async () => {
    stubServer(routes());
    const { to, state } = oldPasswordLink('upgrader');
    const [pathname, search] = to.split('?');
    renderApp({ pathname, search: `?${search}`, state });
    expect(await screen.findByTestId('change-username')).toHaveValue('upgrader');
    expect(selectedTab()).toHaveTextContent('使用原密码修改');
  });

  it('recovers by a texted code: a neutral notice, then the sealed new password', async () => {
    const requests = stubServer(routes());
    renderApp('/resetPassword');
    await screen.findByTestId('forgot-form');
    await type('forgot-address', PHONE);
    const token = captchaToken('forgot');
    await type('forgot-captcha', 'ab12');
    await userEvent.click(screen.getByTestId('forgot-send-code'));
    // A reset does not tell whether the number has an account.
    expect(
      await screen.findByText('若该手机号已绑定账号，验证码已发送，请注意查收'),
    ).toBeInTheDocument();
    expect(await requestsTo(requests, SEND)[0]?.json()).toEqual({
      purpose: 'reset',
      captcha: 'ab12',
      token,
    });
    expect(screen.getByTestId('forgot-send-code')).toHaveTextContent('60秒后重新获取');

    await type('forgot-code', '654321');
    await type('forgot-password', 'Again2024x');
    await type('forgot-confirm', 'Again2024x');
    await userEvent.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByTestId('reset-done')).toBeInTheDocument();

    const body = (await requestsTo(requests, FORGOT)[0]?.json()) as Record<string, string>;
    expect(body).toMatchObject({ channel: 'telephone', address: PHONE, code: '654321' });
    expect(body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(openSealed(body.password ?? '', SERVER_SECRET_KEY, body.token ?? '')).toBe('Again2024x');
    await userEvent.click(screen.getByTestId('reset-login'));
    expect(await screen.findByTestId('login-dialog')).toBeInTheDocument();
  });

  it('holds the recovery to the rules before sending', async () => {
    const requests = stubServer(routes());
    renderApp('/resetPassword');
    await screen.findByTestId('forgot-form');
    await type('forgot-address', '1380013');
    await userEvent.click(screen.getByTestId('forgot-send-code'));
    expect(await screen.findByText('请输入正确的手机号码')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('forgot-channel-email'));
    await type('forgot-address', 'not-an-address');
    await userEvent.click(screen.getByTestId('forgot-submit'));
    expect(await screen.findByText('请输入正确的邮箱地址')).toBeInTheDocument();
    expect(await screen.findByText('请输入新密码')).toBeInTheDocument();
    expect(requests.filter((r) => r.method !== 'GET')).toHaveLength(0);
  });

  it('changes with the old password: both sealed with the captcha token', async () => {
    const requests = stubServer(routes());
    renderApp('/resetPassword?by=password');
    await screen.findByTestId('change-form');
    await type('change-username', 'hubei');
    await type('change-old-password', 'Hubei12345');
    await type('change-password', 'Hubei54321');
    await type('change-confirm', 'Hubei54321');
    await type('change-captcha', 'ab12');
    const token = captchaToken('change');
    await userEvent.click(screen.getByTestId('change-submit'));
    expect(await screen.findByTestId('reset-done')).toBeInTheDocument();

    const body = (await requestsTo(requests, CHANGE)[0]?.json()) as Record<string, string>;
    expect(body).toMatchObject({ username: 'hubei', captcha: 'ab12', token });
    expect(openSealed(body.oldPassword ?? '', SERVER_SECRET_KEY, token)).toBe('Hubei12345');
    expect(openSealed(body.password ?? '', SERVER_SECRET_KEY, token)).toBe('Hubei54321');
  });

  it('refuses a new password equal to the old one', async () => {
    const requests = stubServer(routes());
    renderApp('/resetPassword?by=password');
    await screen.findByTestId('change-form');
    await type('change-old-password', 'Hubei12345');
    await type('change-password', 'Hubei12345');
    expect(await screen.findByText('新密码不能与原密码相同')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('change-submit'));
    expect(requestsTo(requests, CHANGE)).toHaveLength(0);
  });

  it("shows the server's refusal and a new captcha after a failed change", async () => {
    stubServer(
      routes({
        [`PUT ${CHANGE}`]: () =>
          envelope(null, { code: 400, status: 400, message: '用户名或密码错误' }),
      }),
    );
    renderApp('/resetPassword?by=password');
    await screen.findByTestId('change-form');
    await type('change-username', 'hubei');
    await type('change-old-password', 'Wrong12345');
    await type('change-password', 'Hubei54321');
    await type('change-confirm', 'Hubei54321');
    await type('change-captcha', 'ab12');
    const token = captchaToken('change');
    await userEvent.click(screen.getByTestId('change-submit'));
    expect(await screen.findByTestId('change-error')).toHaveTextContent('用户名或密码错误');
    await waitFor(() => expect(captchaToken('change')).not.toBe(token));
    expect(screen.getByTestId('change-captcha')).toHaveValue('');
  });
});
