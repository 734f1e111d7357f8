// The picture captcha and the verification code with its 获取验证码 button, for a form that
// has an address field (mobile number or e-mail). Each send uses the captcha up, so every
// answer brings a new picture; after a sent code the button counts down 60 seconds (the
// server refuses another code to the address within that time).
import { useState } from 'react';
import { App, Button, Form, Input } from 'antd';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../api/client';
import { useSendCode, type Channel, type Purpose } from '../api/sendCode';
import { newCaptchaToken } from '../lib/captcha';
import { CaptchaPicture } from './CaptchaPicture';
import { codeRules } from '../lib/accountRules';
import { useCountdown } from '../lib/useCountdown';
import './SendCodeFields.css';

/** Seconds before the server sends another code to the same address. */
export const RESEND_SECONDS = 60;

/** What the form shows once a code is on its way; a reset must not tell whether it was. */
function sentMessage(channel: Channel, purpose: Purpose): string {
  const where = channel === 'telephone' ? '手机' : '邮箱';
  return purpose === 'reset'
    ? `若该${channel === 'telephone' ? '手机号' : '邮箱'}已绑定账号，验证码已发送，请注意查收`
    : `验证码已发送至您的${where}，请注意查收`;
}

/** The field a failed send belongs under: the captcha, the address, or the button's row. */
function failedField(error: unknown, addressField: string): string {
  if (!(error instanceof ApiError)) return 'code';
  if (error.status === 400 && error.message.includes('验证码')) return 'captcha';
  if (error.status === 400 || error.status === 409) return addressField;
  return 'code';
}

export function SendCodeFields({
  purpose,
  channel,
  addressField,
  testId,
}: {
  purpose: Purpose;
  channel: Channel;
  /** The name of the form's field holding the address the code goes to. */
  addressField: string;
  /** Prefix of the test ids, e.g. 'register' → register-captcha, register-send-code. */
  testId: string;
}) {
  const form = Form.useFormInstance();
  const { message } = App.useApp();
  const [captchaToken, setCaptchaToken] = useState(newCaptchaToken);
  const [secondsLeft, startCountdown] = useCountdown();
  const send = useSendCode();
  const captchaId = `${testId}-captcha-input`;
  const codeId = `${testId}-code-input`;

  const refreshCaptcha = (errors: string[] = []) => {
    setCaptchaToken(newCaptchaToken());
    form.setFields([{ name: 'captcha', value: '', errors }]);
  };

  const sendCode = async () => {
    try {
      await form.validateFields([addressField]);
    } catch {
      return; // the address field says what is wrong
    }
    const captcha = (form.getFieldValue('captcha') as string | undefined)?.trim();
    if (!captcha) {
      form.setFields([{ name: 'captcha', errors: ['请输入图形验证码'] }]);
      return;
    }
    send.mutate(
      {
        channel,
        address: form.getFieldValue(addressField) as string,
        purpose,
        captcha,
        captchaToken,
      },
      {
        onSuccess: () => {
          refreshCaptcha();
          form.setFields([{ name: 'code', errors: [] }]);
          startCountdown(RESEND_SECONDS);
          void message.success(sentMessage(channel, purpose));
        },
        onError: (error) => {
          const text = error instanceof ApiError ? error.message : NETWORK_ERROR_MESSAGE;
          const field = failedField(error, addressField);
          refreshCaptcha(field === 'captcha' ? [text] : []);
          if (field !== 'captcha') form.setFields([{ name: field, errors: [text] }]);
        },
      },
    );
  };

  return (
    <>
      <Form.Item label="图形验证码" htmlFor={captchaId} required>
        <div className="account-form__inline">
          <Form.Item name="captcha" noStyle>
            <Input
              id={captchaId}
              placeholder="请输入右侧图片中的字符"
              autoComplete="off"
              maxLength={8}
              data-testid={`${testId}-captcha`}
            />
          </Form.Item>
          <CaptchaPicture
            token={captchaToken}
            onRefresh={() => refreshCaptcha()}
            testId={`${testId}-captcha`}
          />
        </div>
      </Form.Item>
      <Form.Item
        label={channel === 'telephone' ? '短信验证码' : '邮箱验证码'}
        htmlFor={codeId}
        required
      >
        <div className="account-form__inline">
          <Form.Item name="code" rules={codeRules} noStyle>
            <Input
              id={codeId}
              placeholder="6位数字验证码"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              data-testid={`${testId}-code`}
            />
          </Form.Item>
          <Button
            className="account-form__send"
            onClick={() => void sendCode()}
            loading={send.isPending}
            disabled={secondsLeft > 0}
            data-testid={`${testId}-send-code`}
          >
            {secondsLeft > 0 ? `${secondsLeft}秒后重新获取` : '获取验证码'}
          </Button>
        </div>
      </Form.Item>
    </>
  );
}
