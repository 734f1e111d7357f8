// A new password, proved by the old one and a picture captcha (PUT /api/usercenter/password, both
// passwords sealed). The server then ends every session of the account, so the user logs in
// again with the new password.
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { useNavigate } from 'react-router';
import { useChangePassword } from '../../api/changePassword';
import { CaptchaPicture } from '../../components/CaptchaPicture';
import { FormFailure } from '../../components/FormFailure';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { newCaptchaToken } from '../../lib/captcha';
import { openLogin } from '../../lib/loginPrompt';
import { useSession } from '../../lib/session';

interface Values {
  oldPassword: string;
  password: string;
  confirm: string;
  captcha: string;
}

export function ChangePasswordForm({ username }: { username: string }) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [captchaToken, setCaptchaToken] = useState(newCaptchaToken);
  const change = useChangePassword();

  const submit = (values: Values) => {
    change.mutate(
      {
        username,
        oldPassword: values.oldPassword,
        password: values.password,
        captcha: values.captcha,
        captchaToken,
      },
      {
        onSuccess: () => {
          void message.success('密码已修改，请使用新密码重新登录');
          useSession.getState().clear();
          void navigate('/home');
          openLogin();
        },
        // The captcha is used up by every try.
        onSettled: () => {
          setCaptchaToken(newCaptchaToken());
          form.setFieldValue('captcha', '');
        },
      },
    );
  };

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      onFinish={submit}
      style={{ maxWidth: 420 }}
      data-testid="password-form"
    >
      <FormFailure error={change.error} testId="password-error" />
      <Form.Item
        name="oldPassword"
        label="原密码"
        rules={[{ required: true, message: '请输入原密码' }]}
      >
        <Input.Password autoComplete="current-password" data-testid="password-old" />
      </Form.Item>
      <NewPasswordFields label="新密码" testId="password-new" differentFrom="oldPassword" />
      <Form.Item label="图形验证码" required>
        <div className="account-form__inline">
          <Form.Item name="captcha" noStyle rules={[{ required: true, message: '请输入验证码' }]}>
            <Input autoComplete="off" maxLength={8} data-testid="password-captcha" />
          </Form.Item>
          <CaptchaPicture
            token={captchaToken}
            onRefresh={() => setCaptchaToken(newCaptchaToken())}
            testId="password-captcha"
          />
        </div>
      </Form.Item>
      <Button
        type="primary"
        htmlType="submit"
        loading={change.isPending}
        data-testid="password-submit"
      >
        修改密码
      </Button>
    </Form>
  );
}
