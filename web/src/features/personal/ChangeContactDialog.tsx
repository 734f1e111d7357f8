// A new mobile number or e-mail: the address, a code sent to it (the picture captcha first),
// then the change; the user's details are read again so the page shows the new address.
import { Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { getUserDetail } from '../../api/getUserDetail';
import type { Channel } from '../../api/sendCode';
import { FormFailure } from '../../components/FormFailure';
import { SendCodeFields } from '../../components/SendCodeFields';
import { addressRules } from '../../lib/accountRules';
import { useSession } from '../../lib/session';
import { changeEmail } from './api/changeEmail';
import { changeTelephone } from './api/changeTelephone';

interface Values {
  address: string;
  captcha?: string;
  code: string;
}

const WHAT: Record<Channel, string> = { telephone: '手机号', email: '邮箱' };

export function ChangeContactDialog({
  channel,
  onClose,
}: {
  channel: Channel;
  onClose: (changed: boolean) => void;
}) {
  const [form] = Form.useForm<Values>();
  const change = useMutation({
    mutationFn: async ({ address, code }: Values) => {
      const value = address.trim();
      await (channel === 'telephone' ? changeTelephone(value, code) : changeEmail(value, code));
      useSession.setState({ userInfo: await getUserDetail() });
    },
    onSuccess: () => onClose(true),
  });
  const testId = `change-${channel}`;

  return (
    <Modal
      title={`修改${WHAT[channel]}`}
      open
      onCancel={() => onClose(false)}
      onOk={() => form.submit()}
      okText="确认修改"
      cancelText="取消"
      confirmLoading={change.isPending}
      okButtonProps={{ 'data-testid': `${testId}-submit` }}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) => change.mutate(values)}
        data-testid={`${testId}-form`}
      >
        <FormFailure error={change.error} testId={`${testId}-error`} />
        <Form.Item name="address" label={`新${WHAT[channel]}`} rules={addressRules(channel)}>
          <Input
            maxLength={channel === 'telephone' ? 11 : 254}
            autoComplete="off"
            data-testid={`${testId}-address`}
          />
        </Form.Item>
        <SendCodeFields purpose="change" channel={channel} addressField="address" testId={testId} />
      </Form>
    </Modal>
  );
}
