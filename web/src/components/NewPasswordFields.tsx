// A new password and its confirmation, with the rule shown under the first.
import { Form, Input } from 'antd';
import { PASSWORD_HINT, confirmRules, differentRule, newPasswordRules } from '../lib/accountRules';

export function NewPasswordFields({
  label,
  testId,
  differentFrom,
}: {
  label: string;
  testId: string;
  /** A field the new password must not repeat (the old password). */
  differentFrom?: string;
}) {
  return (
    <>
      <Form.Item
        name="password"
        label={label}
        rules={[
          ...newPasswordRules(`请输入${label}`),
          ...(differentFrom ? [differentRule(differentFrom)] : []),
        ]}
        dependencies={differentFrom ? [differentFrom] : undefined}
        extra={PASSWORD_HINT}
      >
        <Input.Password
          placeholder={`请输入${label}`}
          autoComplete="new-password"
          maxLength={64}
          data-testid={`${testId}-password`}
        />
      </Form.Item>
      <Form.Item
        name="confirm"
        label={`确认${label}`}
        dependencies={['password']}
        rules={confirmRules('password')}
      >
        <Input.Password
          placeholder={`请再次输入${label}`}
          autoComplete="new-password"
          maxLength={64}
          data-testid={`${testId}-confirm`}
        />
      </Form.Item>
    </>
  );
}
