import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { dismissLogin } from '../../lib/loginPrompt';
import { useSession } from '../../lib/session';
import { SERVER_SECRET_KEY, accountRoutes } from '../../test/accounts';
import { renderApp } from '../../test/renderApp';
import { openSealed } from '../../test/seal';
import { envelope, requestsTo, stubServer } from '../../test/server';

const PHONE = '13800138000';
const SEND = `/api/usercenter/send/telephone/${PHONE}`;
const REGISTER = '/api/usercenter/register';

type Handler = () => Response;

function routes(extra: Record<string, Handler> = {}) {
  return {
    ...accountRoutes(),
    'GET /api/usercenter/valid/username/newcomer': () => envelope(null),
    'GET /api/usercenter/valid/username/hubei': () =>
      envelope(null, { code: 409, status: 409, message: '用户名已被注册' }),
    [`GET /api/usercenter/valid/telephone/${PHONE}`]: () => envelope(null),
    'GET /api/usercenter/valid/telephone/13900139000': () =>
      envelope(null, { code: 409, status: 409, message: '该手机号已被注册' }),
    [`POST ${SEND}`]: () => envelope(null),
    [`POST ${REGISTER}`]: () => envelope({ id: 9, username: 'newcomer' }),
    ...extra,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
  useSession.getState().clear();
  dismissLogin();
});

async function openPage() {
  const view = renderApp('/register');
  await screen.findByTestId('register-form');
  return view;
}

function captchaToken(): string {
  const src = screen.getByTestId('register-captcha-image').getAttribute('src') ?? '';
  return new URL(src, 'http://page.test').searchParams.get('token') ?? '';
}

const type = (testId: string, text: string) => userEvent.type(screen.getByTestId(testId), text);

async function fillAccount(password = 'Fresh2024pw') {
  await type('register-username', 'newcomer');
  await type('register-password', password);
  await type('register-confirm', password);
  await type('register-telephone', PHONE);
}

async function sendCode(captcha = 'ab12') {
  await type('register-captcha', captcha);
  await userEvent.click(screen.getByTestId('register-send-code'));
}

/** The form item (label, field and its messages) holding the field `testId`. */
function formItem(testId: string): HTMLElement {
  const item = screen.getByTestId(testId).closest<HTMLElement>('.ant-form-item');
  if (!item) throw new Error(`${testId} is not in a form item`);
  return item;
}

describe('the registration page', () => {
  it('shows its steps and labels every field', async () => {
    stubServer(routes());
    await openPage();
    expect(screen.getByText('填写信息')).toBeInTheDocument();
    expect(screen.getByText('完成')).toBeInTheDocument();
    expect(screen.getByLabelText('用户名')).toBe(screen.getByTestId('register-username'));
    expect(screen.getByLabelText('手机号码')).toBe(screen.getByTestId('register-telephone'));
    expect(screen.getByLabelText('图形验证码')).toBe(screen.getByTestId('register-captcha'));
    expect(screen.getByLabelText('短信验证码')).toBe(screen.getByTestId('register-code'));
    expect(screen.getByLabelText('邮箱地址（选填）')).toBe(screen.getByTestId('register-email'));
    expect(screen.getByText('至少8位，须同时包含字母和数字')).toBeInTheDocument();
  });

  it('checks the fields before sending anything', async () => {
    const requests = stubServer(routes());
    await openPage();
    await userEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByText('请输入用户名')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(await screen.findByText('请再次输入密码')).toBeInTheDocument();
    expect(await screen.findByText('请输入手机号码')).toBeInTheDocument();
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    expect(requestsTo(requests, REGISTER)).toHaveLength(0);
  });

  it('holds the password to the rule and the confirmation to the password', async () => {
    stubServer(routes());
    await openPage();
    await type('register-password', 'abcdefgh');
    expect(await screen.findByText('密码必须同时包含字母和数字')).toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('register-password'));
    await type('register-password', 'abc1');
    expect(await screen.findByText('密码长度不能少于8位')).toBeInTheDocument();
    await type('register-confirm', 'abc2');
    expect(await screen.findByText('两次输入的密码不一致')).toBeInTheDocument();
  });

  it('checks the username with the server once typing pauses, and says why under it', async () => {
    const requests = stubServer(routes());
    await openPage();
    await type('register-username', 'ab');
    expect(
      await within(formItem('register-username')).findByText('用户名须为4-20位字母、数字或下划线'),
    ).toBeInTheDocument();
    await userEvent.clear(screen.getByTestId('register-username'));
    await type('register-username', 'hubei');
    expect(await within(formItem('register-username')).findByText('用户名已被注册')).toBeVisible();
    // Quiet: under the field only, no toast.
    expect(screen.getAllByText('用户名已被注册')).toHaveLength(1);
    // Only the name as it stood when typing paused went to the server (not "hube", not "ab").
    const checked = requests
      .map((request) => new URL(request.url).pathname)
      .filter((path) => path.startsWith('/api/usercenter/valid/username/'));
    expect(checked).toEqual(['/api/usercenter/valid/username/hubei']);
  });

  it('checks the mobile number with the server', async () => {
    stubServer(routes());
    await openPage();
    await type('register-telephone', '139001390');
    expect(
      await within(formItem('register-telephone')).findByText('请输入正确的手机号码'),
    ).toBeInTheDocument();
    await type('register-telephone', '00');
    expect(
      await within(formItem('register-telephone')).findByText('该手机号已被注册'),
    ).toBeInTheDocument();
  });

  it('asks for the picture captcha before sending a code', async () => {
    const requests = stubServer(routes());
    await openPage();
    await type('register-telephone', PHONE);
    await userEvent.click(screen.getByTestId('register-send-code'));
    expect(await screen.findByText('请输入图形验证码')).toBeInTheDocument();
    expect(requestsTo(requests, SEND)).toHaveLength(0);
  });

  it('sends a code with the captcha and its token, then counts down 60 seconds', async () => {
    const requests = stubServer(routes());
    await openPage();
    await type('register-telephone', PHONE);
    const token = captchaToken();
    await sendCode('ab12');
    const button = screen.getByTestId('register-send-code');
    await waitFor(() => expect(button).toHaveTextContent('60秒后重新获取'));
    expect(button).toBeDisabled();
    expect(await requestsTo(requests, SEND)[0]?.json()).toEqual({
      purpose: 'register',
      captcha: 'ab12',
      token,
    });
    expect(await screen.findByText('验证码已发送至您的手机，请注意查收')).toBeInTheDocument();
    // The captcha is used up: a new picture, an empty field.
    expect(captchaToken()).not.toBe(token);
    expect(screen.getByTestId('register-captcha')).toHaveValue('');
    await waitFor(() => expect(button).toHaveTextContent('59秒后重新获取'), { timeout: 2000 });
  });

  it('shows why a code was not sent beside the button, and a new captcha', async () => {
    stubServer(
      routes({
        [`POST ${SEND}`]: () =>
          envelope(null, { code: 429, status: 429, message: '验证码发送过于频繁，请60秒后再试' }),
      }),
    );
    await openPage();
    await type('register-telephone', PHONE);
    const token = captchaToken();
    await sendCode();
    expect(
      await within(formItem('register-code')).findByText('验证码发送过于频繁，请60秒后再试'),
    ).toBeInTheDocument();
    expect(screen.getByTestId('register-send-code')).toHaveTextContent('获取验证码');
    expect(captchaToken()).not.toBe(token);
  });

  it('puts a wrong captcha under the captcha', async () => {
    stubServer(
      routes({
        [`POST ${SEND}`]: () =>
          envelope(null, { code: 400, status: 400, message: '验证码错误或已过期，请重新输入' }),
      }),
    );
    await openPage();
    await type('register-telephone', PHONE);
    await sendCode();
    expect(
      await within(formItem('register-captcha')).findByText('验证码错误或已过期，请重新输入'),
    ).toBeInTheDocument();
  });

  it('sends by e-mail when chosen, and says when mail is not set up', async () => {
    const address = 'new@example.com';
    stubServer(
      routes({
        // The address travels percent-encoded in the path.
        [`GET /api/usercenter/valid/email/${encodeURIComponent(address)}`]: () => envelope(null),
        [`POST /api/usercenter/send/email/${encodeURIComponent(address)}`]: () =>
          envelope(null, { code: 503, status: 503, message: '邮件服务未配置，请使用手机号验证' }),
      }),
    );
    await openPage();
    await userEvent.click(screen.getByTestId('register-channel-email'));
    expect(screen.getByLabelText('邮箱地址')).toBe(screen.getByTestId('register-email'));
    expect(screen.getByLabelText('邮箱验证码')).toBe(screen.getByTestId('register-code'));
    expect(screen.getByLabelText('手机号码（选填）')).toBe(
      screen.getByTestId('register-telephone'),
    );
    await type('register-email', address);
    await sendCode();
    expect(await screen.findByText('邮件服务未配置，请使用手机号验证')).toBeInTheDocument();
  });

  it('registers with the password sealed to a fresh form token, then offers the login', async () => {
    const requests = stubServer(routes());
    await openPage();
    await fillAccount('Fresh2024pw');
    await sendCode();
    await type('register-code', '123456');
    await userEvent.click(screen.getByTestId('register-submit'));

    expect(await screen.findByTestId('register-done')).toHaveTextContent('newcomer');
    const body = (await requestsTo(requests, REGISTER)[0]?.json()) as Record<string, string>;
    expect(body).toMatchObject({
      username: 'newcomer',
      telephone: PHONE,
      channel: 'telephone',
      code: '123456',
    });
    expect(body).not.toHaveProperty('email');
    expect(body.token).toMatch(/^[A-Za-z0-9]{32}$/);
    const sendToken = ((await requestsTo(requests, SEND)[0]?.json()) as { token: string }).token;
    expect(body.token).not.toBe(sendToken);
    expect(openSealed(body.password ?? '', SERVER_SECRET_KEY, body.token ?? '')).toBe(
      'Fresh2024pw',
    );
    expect(() => openSealed(body.password ?? '', SERVER_SECRET_KEY, sendToken)).toThrow();

    // No automatic login: the button opens the login dialog.
    expect(useSession.getState().token).toBeNull();
    await userEvent.click(screen.getByTestId('register-login'));
    expect(await screen.findByTestId('login-dialog')).toBeInTheDocument();
  });

  it("shows the server's answer to a wrong code above the button", async () => {
    stubServer(
      routes({
        [`POST ${REGISTER}`]: () =>
          envelope(null, { code: 400, status: 400, message: '验证码错误或已失效，请重新获取' }),
      }),
    );
    await openPage();
    await fillAccount();
    await type('register-code', '000000');
    await userEvent.click(screen.getByTestId('register-submit'));
    expect(await screen.findByTestId('register-error')).toHaveTextContent(
      '验证码错误或已失效，请重新获取',
    );
    expect(screen.queryByTestId('register-done')).not.toBeInTheDocument();
  });
});
