// The dialog that submits an order (from the cart) or a data request (for offline scenes):
// what it is about, then the purpose fields; OK validates and hands the values over.
import type { ReactNode } from 'react';
import { Form, Modal } from 'antd';
import { PurposeFields, type PurposeValues } from './PurposeFields';

export interface PurposeDialogProps {
  open: boolean;
  title: string;
  /** What is being submitted (e.g. how many scenes). */
  intro: ReactNode;
  /** Orders ask for the delivery too. */
  delivery?: boolean;
  okText: string;
  submitting: boolean;
  onSubmit: (values: PurposeValues) => void;
  onCancel: () => void;
  /** e.g. 'order-dialog': the dialog; its OK button is `${testId}-ok`. */
  testId: string;
}

export function PurposeDialog({
  open,
  title,
  intro,
  delivery = false,
  okText,
  submitting,
  onSubmit,
  onCancel,
  testId,
}: PurposeDialogProps) {
  const [form] = Form.useForm<PurposeValues>();
  return (
    <Modal
      open={open}
      title={title}
      okText={okText}
      cancelText="取消"
      confirmLoading={submitting}
      onOk={() => form.submit()}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${testId}-ok` }}
    >
      <div data-testid={testId}>
        <div style={{ marginBottom: 16 }}>{intro}</div>
        <Form<PurposeValues>
          form={form}
          layout="vertical"
          preserve={false}
          onFinish={(values) => onSubmit({ ...values, purpose: values.purpose.trim() })}
        >
          <PurposeFields delivery={delivery} />
        </Form>
      </div>
    </Modal>
  );
}
