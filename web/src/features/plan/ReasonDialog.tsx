// A dialog that asks why (申请修改, 拒绝): the reason is required, at most 500 characters
// (the server's bound), and the server's refusal shows in it.
import { Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { FormFailure } from '../../components/FormFailure';

/** The server's bound on a reason. */
const REASON_MAX = 500;

export function ReasonDialog({
  title,
  label,
  okText,
  onSubmit,
  onDone,
  onCancel,
}: {
  title: string;
  label: string;
  okText: string;
  onSubmit: (reason: string) => Promise<unknown>;
  onDone: () => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<{ reason: string }>();
  const send = useMutation({ mutationFn: onSubmit, onSuccess: onDone });
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText="取消"
      confirmLoading={send.isPending}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      data-testid="plan-reason-dialog"
    >
      <FormFailure error={send.error} testId="plan-reason-failure" />
      <Form form={form} layout="vertical" onFinish={({ reason }) => send.mutate(reason.trim())}>
        <Form.Item
          name="reason"
          label={label}
          rules={[
            { required: true, whitespace: true, message: `请填写${label}` },
            { max: REASON_MAX, message: `${label}不能超过 ${REASON_MAX} 个字符` },
          ]}
        >
          <Input.TextArea rows={3} maxLength={REASON_MAX} showCount data-testid="plan-reason" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
