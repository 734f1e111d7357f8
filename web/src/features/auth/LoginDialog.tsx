// The login dialog and the upgrade notice (spec §2 "Login dialog overlay", "Upgrade dialog").
// Open state and queued work live in src/lib/loginPrompt.ts; what a login leads to is the
// app's `onLoggedIn` (src/app/login.ts).
import { useRef, useState, type RefObject } from 'react';
import { App, Button, Form, Input, Modal, type InputRef } from 'antd';
import {
  CloseOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  LockOutlined,
  SafetyOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { dismissLogin, useLoginPrompt } from '../../lib/loginPrompt';
import { useLogin } from './api/login';
import { newCaptchaToken } from '../../lib/captcha';
import { CaptchaPicture } from '../../components/CaptchaPicture';
import { oldPasswordLink } from './resetPasswordLink';
import './LoginDialog.css';

/** Spec §8: a login failure the server did not explain. */
const UNKNOWN_LOGIN_ERROR = '未知的错误，请联系管理员或重新尝试';

interface LoginFields {
  username: string;
  password: string;
  captcha: string;
}

/** The server's envelope words the failure (用户名或密码错误, 验证码错误…); else the generic text. */
function loginErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.code !== undefined
    ? error.message
    : UNKNOWN_LOGIN_ERROR;
}

function LoginForm({
  onLoggedIn,
  onMustChangePassword,
  usernameInput,
}: {
  onLoggedIn: (token: string) => Promise<void>;
  onMustChangePassword: (username: string) => void;
  usernameInput: RefObject<InputRef | null>;
}) {
  const [form] = Form.useForm<LoginFields>();
  const { message } = App.useApp();
  const [captchaToken, setCaptchaToken] = useState(newCaptchaToken);
  const login = useLogin(onLoggedIn);

  // The server uses a captcha up on every check, right or wrong: each try needs a new one.
  const refreshCaptcha = () => {
    setCaptchaToken(newCaptchaToken());
    form.setFieldValue('captcha', '');
  };

  const submit = (fields: LoginFields) =>
    login.mutate(
      { ...fields, captchaToken },
      {
        onSuccess: (result) => {
          if (result.kind === 'mustChangePassword') onMustChangePassword(fields.username.trim());
        },
        onError: (error) => {
          void message.error(loginErrorMessage(error));
          refreshCaptcha();
        },
      },
    );

  return (
    <Form form={form} onFinish={submit} size="large" data-testid="login-form">
      <Form.Item
        name="username"
        rules={[{ required: true, whitespace: true, message: '请输入用户名' }]}
      >
        <Input
          prefix={<UserOutlined />}
          placeholder="用户名 / 手机号 / 邮箱"
          autoComplete="username"
          ref={usernameInput}
          data-testid="login-username"
        />
      </Form.Item>
      <Form.Item name="password" rules={[{ required: true, message: '请输入密码' }]}>
        <Input.Password
          prefix={<LockOutlined />}
          placeholder="密码"
          autoComplete="current-password"
          data-testid="login-password"
          iconRender={(visible) =>
            visible ? (
              <EyeOutlined aria-label="隐藏密码" data-testid="login-password-toggle" />
            ) : (
              <EyeInvisibleOutlined aria-label="显示密码" data-testid="login-password-toggle" />
            )
          }
        />
      </Form.Item>
      <div className="login-dialog__captcha">
        <Form.Item
          name="captcha"
          rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
          className="login-dialog__captcha-input"
        >
          <Input
            prefix={<SafetyOutlined />}
            placeholder="验证码"
            autoComplete="off"
            data-testid="login-captcha"
          />
        </Form.Item>
        <CaptchaPicture token={captchaToken} onRefresh={refreshCaptcha} testId="login-captcha" />
      </div>
      <Button
        type="primary"
        htmlType="submit"
        block
        loading={login.isPending}
        data-testid="login-submit"
      >
        登录
      </Button>
      <div className="login-dialog__links">
        <Link to="/resetPassword" onClick={dismissLogin} data-testid="login-reset-password">
          忘记密码？
        </Link>
        <Link to="/register" onClick={dismissLogin} data-testid="login-register">
          没有账号？立即注册
        </Link>
      </div>
    </Form>
  );
}

export function LoginDialog({ onLoggedIn }: { onLoggedIn: (token: string) => Promise<void> }) {
  const open = useLoginPrompt((state) => state.open);
  /** Open with the username that has to change its password; null when closed. */
  const [upgrading, setUpgrading] = useState<string | null>(null);
  const usernameInput = useRef<InputRef>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const confirmUpgrade = () => {
    // The password page opens on its old-password tab, the username filled in.
    const { to, state } = oldPasswordLink(upgrading ?? undefined);
    setUpgrading(null);
    void navigate(to, { state });
  };

  return (
    <>
      <Modal
        open={open}
        title="用户登录"
        footer={null}
        width={420}
        onCancel={dismissLogin}
        closeIcon={<CloseOutlined aria-label="关闭" data-testid="login-close" />}
        // A fresh form, captcha included, every time the dialog opens.
        destroyOnHidden
        // A stray click beside the dialog should not throw away what was typed.
        mask={{ closable: false }}
        // Ready to type (the dialog would focus its close icon).
        afterOpenChange={(opened) => opened && usernameInput.current?.focus()}
      >
        <div data-testid="login-dialog">
          <LoginForm
            onLoggedIn={onLoggedIn}
            usernameInput={usernameInput}
            onMustChangePassword={(username) => {
              dismissLogin();
              setUpgrading(username);
            }}
          />
        </div>
      </Modal>
      <Modal
        open={upgrading !== null}
        title="系统升级提示"
        width={420}
        onCancel={() => setUpgrading(null)}
        // Enter confirms, the one thing this notice asks for (the dialog would focus its close icon).
        afterOpenChange={(opened) => opened && confirmButton.current?.focus()}
        footer={
          <Button
            type="primary"
            onClick={confirmUpgrade}
            ref={confirmButton}
            data-testid="upgrade-confirm"
          >
            确定
          </Button>
        }
      >
        <p data-testid="upgrade-notice">由于系统升级，请点击“确定”修改密码后再登录。</p>
      </Modal>
    </>
  );
}
