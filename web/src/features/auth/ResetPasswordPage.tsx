// Password reset (spec §2 /resetPassword, issue 3), two ways: a code sent to the account's
// mobile number or e-mail (forgotten password), or the old password (also where the upgrade
// notice of a code-2 login sends the user: `?by=password`, with the typed username as state).
import { useState } from 'react';
import { Alert, Button, Form, Input, Radio, Result, Tabs } from 'antd';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api/client';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { openLogin, whenLoggedIn } from '../../lib/loginPrompt';
import { useChangePassword } from '../../api/changePassword';
import { useForgetPassword } from './api/forgetPassword';
import type { Channel } from '../../api/sendCode';
import { newCaptchaToken } from '../../lib/captcha';
import { CaptchaPicture } from '../../components/CaptchaPicture';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { BY_OLD_PASSWORD, type ResetPasswordState } from './resetPasswordLink';
import { addressRules } from '../../lib/accountRules';
import { SendCodeFields } from '../../components/SendCodeFields';
import './AccountForms.css';

const LABEL_COL = { flex: '112px' };
const WRAPPER_COL = { flex: 1 };
const TAIL = { marginLeft: 112 };

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
}

function FormFailure({ text, testId }: { text: string | null; testId: string }) {
  return text ? (
    <Alert
      type="error"
      showIcon
      title={text}
      className="account-form__error"
      style={TAIL}
      data-testid={testId}
    />
  ) : null;
}

interface ForgotFields {
  channel: Channel;
  address: string;
  captcha?: string;
  code: string;
  password: string;
  confirm: string;
}

function ForgotForm({ onDone }: { onDone: () => void }) {
  const [form] = Form.useForm<ForgotFields>();
  const channel = Form.useWatch('channel', form) ?? 'telephone';
  const reset = useForgetPassword();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (fields: ForgotFields) => {
    setFailure(null);
    reset.mutate(
      {
        channel: fields.channel,
        address: fields.address,
        code: fields.code,
        password: fields.password,
      },
      { onSuccess: onDone, onError: (error) => setFailure(errorText(error)) },
    );
  };

  return (
    <Form
      form={form}
      name="forgot"
      onFinish={submit}
      onValuesChange={(changed: Partial<ForgotFields>) => {
        // A number and an address follow different rules: the old complaint is stale.
        if (changed.channel) form.setFields([{ name: 'address', errors: [] }]);
      }}
      initialValues={{ channel: 'telephone' }}
      labelCol={LABEL_COL}
      wrapperCol={WRAPPER_COL}
      size="large"
      data-testid="forgot-form"
    >
      <Form.Item name="channel" label="找回方式">
        <Radio.Group optionType="button">
          <Radio.Button value="telephone">
            <span data-testid="forgot-channel-telephone">手机号</span>
          </Radio.Button>
          <Radio.Button value="email">
            <span data-testid="forgot-channel-email">邮箱</span>
          </Radio.Button>
        </Radio.Group>
      </Form.Item>
      <Form.Item
        name="address"
        label={channel === 'telephone' ? '手机号码' : '邮箱地址'}
        rules={addressRules(channel)}
        extra={`账号绑定的${channel === 'telephone' ? '手机号码' : '邮箱地址'}`}
      >
        <Input
          placeholder={channel === 'telephone' ? '11位手机号码' : '例如 name@example.com'}
          inputMode={channel === 'telephone' ? 'numeric' : 'email'}
          autoComplete={channel === 'telephone' ? 'tel' : 'email'}
          maxLength={channel === 'telephone' ? 11 : 254}
          data-testid="forgot-address"
        />
      </Form.Item>
      <SendCodeFields purpose="reset" channel={channel} addressField="address" testId="forgot" />
      <NewPasswordFields label="新密码" testId="forgot" />
      <FormFailure text={failure} testId="forgot-error" />
      <Form.Item style={TAIL}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={reset.isPending}
          data-testid="forgot-submit"
        >
          重置密码
        </Button>
      </Form.Item>
    </Form>
  );
}

interface ChangeFields {
  username: string;
  oldPassword: string;
  password: string;
  confirm: string;
  captcha: string;
}

function ChangeForm({ username, onDone }: { username?: string; onDone: () => void }) {
  const [form] = Form.useForm<ChangeFields>();
  const [captchaToken, setCaptchaToken] = useState(newCaptchaToken);
  const change = useChangePassword();
  const [failure, setFailure] = useState<string | null>(null);

  // The server uses the captcha up on every try: each try needs a new one.
  const refreshCaptcha = () => {
    setCaptchaToken(newCaptchaToken());
    form.setFieldValue('captcha', '');
  };

  const submit = (fields: ChangeFields) => {
    setFailure(null);
    change.mutate(
      {
        username: fields.username,
        oldPassword: fields.oldPassword,
        password: fields.password,
        captcha: fields.captcha,
        captchaToken,
      },
      {
        onSuccess: onDone,
        onError: (error) => {
          setFailure(errorText(error));
          refreshCaptcha();
        },
      },
    );
  };

  return (
    <Form
      form={form}
      name="change"
      onFinish={submit}
      initialValues={{ username }}
      labelCol={LABEL_COL}
      wrapperCol={WRAPPER_COL}
      size="large"
      data-testid="change-form"
    >
      <Form.Item
        name="username"
        label="账号"
        rules={[{ required: true, whitespace: true, message: '请输入用户名、手机号或邮箱' }]}
      >
        <Input
          placeholder="用户名 / 手机号 / 邮箱"
          autoComplete="username"
          data-testid="change-username"
        />
      </Form.Item>
      <Form.Item
        name="oldPassword"
        label="原密码"
        rules={[{ required: true, message: '请输入原密码' }]}
      >
        <Input.Password
          placeholder="请输入原密码"
          autoComplete="current-password"
          data-testid="change-old-password"
        />
      </Form.Item>
      <NewPasswordFields label="新密码" testId="change" differentFrom="oldPassword" />
      <Form.Item label="验证码" htmlFor="change-captcha-input" required>
        <div className="account-form__inline">
          <Form.Item
            name="captcha"
            rules={[{ required: true, whitespace: true, message: '请输入验证码' }]}
            noStyle
          >
            <Input
              id="change-captcha-input"
              placeholder="请输入右侧图片中的字符"
              autoComplete="off"
              maxLength={8}
              data-testid="change-captcha"
            />
          </Form.Item>
          <CaptchaPicture token={captchaToken} onRefresh={refreshCaptcha} testId="change-captcha" />
        </div>
      </Form.Item>
      <FormFailure text={failure} testId="change-error" />
      <Form.Item style={TAIL}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={change.isPending}
          data-testid="change-submit"
        >
          确认修改
        </Button>
      </Form.Item>
    </Form>
  );
}

function ResetDone() {
  const navigate = useNavigate();
  const logIn = () => {
    whenLoggedIn(() => void navigate('/home'));
    openLogin();
  };
  return (
    <Result
      status="success"
      title="密码修改成功"
      subTitle="请使用新密码登录；该账号此前的登录已全部退出。"
      data-testid="reset-done"
      extra={[
        <Button key="login" type="primary" onClick={logIn} data-testid="reset-login">
          立即登录
        </Button>,
        <Link key="home" to="/home">
          <Button>返回首页</Button>
        </Link>,
      ]}
    />
  );
}

function ResetTabs({ onDone }: { onDone: () => void }) {
  const [params] = useSearchParams();
  const { state } = useLocation() as { state: ResetPasswordState | null };
  return (
    <Tabs
      defaultActiveKey={params.get('by') === BY_OLD_PASSWORD ? 'password' : 'code'}
      centered
      size="large"
      items={[
        {
          key: 'code',
          label: <span data-testid="reset-tab-code">通过手机号/邮箱找回</span>,
          children: <ForgotForm onDone={onDone} />,
        },
        {
          key: 'password',
          label: <span data-testid="reset-tab-password">使用原密码修改</span>,
          children: <ChangeForm username={state?.username} onDone={onDone} />,
        },
      ]}
    />
  );
}

export default function ResetPasswordPage({ title, trail }: PageProps) {
  const location = useLocation();
  // Per visit: opening the page again (the login dialog's 忘记密码) starts a new form.
  const [doneAt, setDoneAt] = useState<string | null>(null);
  return (
    <PageFrame title={title} trail={trail}>
      <div className="account-form" data-testid="reset-page">
        {doneAt === location.key ? (
          <ResetDone />
        ) : (
          // A new visit (e.g. from the upgrade notice while here) starts from its own tab.
          <ResetTabs key={location.key} onDone={() => setDoneAt(location.key)} />
        )}
      </div>
    </PageFrame>
  );
}
