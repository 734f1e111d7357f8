// Registration (spec §2 /register, issue 3): username, password, a mobile number or e-mail
// proved by a code sent there, and optionally the other contact; the username and addresses
// are checked live against the server. A registered account logs in through the login dialog.
import { useState } from 'react';
import { Alert, Button, Form, Input, Radio, Result, Steps } from 'antd';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useNavigate } from 'react-router';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../api/client';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { openLogin, whenLoggedIn } from '../../lib/loginPrompt';
import { useRegister, type Registered } from './api/register';
import type { Channel } from '../../api/sendCode';
import { LIVE_CHECK_DEBOUNCE_MS, availableRule } from './liveCheck';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { addressRules, usernameRules } from '../../lib/accountRules';
import { SendCodeFields } from '../../components/SendCodeFields';
import './AccountForms.css';

interface RegisterFields {
  username: string;
  password: string;
  confirm: string;
  channel: Channel;
  telephone?: string;
  email?: string;
  captcha?: string;
  code: string;
}

const LABEL_COL = { flex: '112px' };
const WRAPPER_COL = { flex: 1 };
const TAIL = { marginLeft: 112 };

function ContactField({
  kind,
  required,
  testId,
}: {
  kind: Channel;
  required: boolean;
  testId: string;
}) {
  const queryClient = useQueryClient();
  const value = Form.useWatch<string | undefined>(kind, Form.useFormInstance());
  const label = kind === 'telephone' ? '手机号码' : '邮箱地址';
  return (
    <Form.Item
      name={kind}
      label={required ? label : `${label}（选填）`}
      rules={[...addressRules(kind, required), availableRule(queryClient, kind)]}
      validateFirst
      validateDebounce={LIVE_CHECK_DEBOUNCE_MS}
      // An empty optional field is neither right nor wrong: no tick.
      hasFeedback={required || Boolean(value)}
    >
      {kind === 'telephone' ? (
        <Input
          placeholder="11位手机号码"
          inputMode="numeric"
          autoComplete="tel"
          maxLength={11}
          data-testid={`${testId}-telephone`}
        />
      ) : (
        <Input
          placeholder="例如 name@example.com"
          inputMode="email"
          autoComplete="email"
          maxLength={254}
          data-testid={`${testId}-email`}
        />
      )}
    </Form.Item>
  );
}

function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
}

function RegisterForm({ onRegistered }: { onRegistered: (user: Registered) => void }) {
  const [form] = Form.useForm<RegisterFields>();
  const queryClient = useQueryClient();
  const channel = Form.useWatch('channel', form) ?? 'telephone';
  const other: Channel = channel === 'telephone' ? 'email' : 'telephone';
  const register = useRegister();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (fields: RegisterFields) => {
    setFailure(null);
    register.mutate(
      {
        username: fields.username,
        password: fields.password,
        channel: fields.channel,
        telephone: fields.telephone,
        email: fields.email,
        code: fields.code,
      },
      { onSuccess: onRegistered, onError: (error) => setFailure(errorText(error)) },
    );
  };

  return (
    <Form
      form={form}
      name="register"
      onFinish={submit}
      onValuesChange={(changed: Partial<RegisterFields>) => {
        // Which address is required changes with the channel: earlier complaints are stale.
        if (changed.channel)
          form.setFields([
            { name: 'telephone', errors: [] },
            { name: 'email', errors: [] },
            { name: 'code', errors: [] },
          ]);
      }}
      initialValues={{ channel: 'telephone' }}
      labelCol={LABEL_COL}
      wrapperCol={WRAPPER_COL}
      size="large"
      data-testid="register-form"
    >
      <Form.Item
        name="username"
        label="用户名"
        rules={[...usernameRules, availableRule(queryClient, 'username')]}
        validateFirst
        validateDebounce={LIVE_CHECK_DEBOUNCE_MS}
        hasFeedback
        extra="4-20位字母、数字或下划线，注册后不可修改"
      >
        <Input
          placeholder="请输入用户名"
          autoComplete="username"
          maxLength={20}
          data-testid="register-username"
        />
      </Form.Item>
      <NewPasswordFields label="密码" testId="register" />
      <Form.Item name="channel" label="验证方式">
        <Radio.Group optionType="button">
          <Radio.Button value="telephone">
            <span data-testid="register-channel-telephone">手机号</span>
          </Radio.Button>
          <Radio.Button value="email">
            <span data-testid="register-channel-email">邮箱</span>
          </Radio.Button>
        </Radio.Group>
      </Form.Item>
      <ContactField key={channel} kind={channel} required testId="register" />
      <SendCodeFields
        purpose="register"
        channel={channel}
        addressField={channel}
        testId="register"
      />
      <ContactField key={other} kind={other} required={false} testId="register" />
      {failure && (
        <Alert
          type="error"
          showIcon
          title={failure}
          className="account-form__error"
          style={TAIL}
          data-testid="register-error"
        />
      )}
      <Form.Item style={TAIL}>
        <Button
          type="primary"
          htmlType="submit"
          block
          loading={register.isPending}
          data-testid="register-submit"
        >
          注册
        </Button>
        <div className="account-form__footer">
          <span>
            已有账号？
            <Button type="link" size="small" onClick={openLogin} data-testid="register-to-login">
              立即登录
            </Button>
          </span>
          <Link to="/resetPassword">忘记密码？</Link>
        </div>
      </Form.Item>
    </Form>
  );
}

function RegisterDone({ user }: { user: Registered }) {
  const navigate = useNavigate();
  const logIn = () => {
    // After the login the visitor starts at the home page, not on this finished form.
    whenLoggedIn(() => void navigate('/home'));
    openLogin();
  };
  return (
    <Result
      status="success"
      title="注册成功"
      subTitle={`账号「${user.username}」已创建，请使用用户名、手机号或邮箱登录。`}
      data-testid="register-done"
      extra={[
        <Button key="login" type="primary" onClick={logIn} data-testid="register-login">
          立即登录
        </Button>,
        <Link key="home" to="/home">
          <Button>返回首页</Button>
        </Link>,
      ]}
    />
  );
}

export default function RegisterPage({ title, trail }: PageProps) {
  const location = useLocation();
  // Per visit: opening the page again (the header's 注册) starts a new form.
  const [done, setDone] = useState<{ at: string; user: Registered } | null>(null);
  const registered = done?.at === location.key ? done.user : null;
  return (
    <PageFrame title={title} trail={trail}>
      <div className="account-form" data-testid="register-page">
        <Steps
          className="account-form__steps"
          current={registered ? 1 : 0}
          items={[{ title: '填写信息' }, { title: '完成' }]}
        />
        {registered ? (
          <RegisterDone user={registered} />
        ) : (
          <RegisterForm
            key={location.key}
            onRegistered={(user) => setDone({ at: location.key, user })}
          />
        )}
      </div>
    </PageFrame>
  );
}
