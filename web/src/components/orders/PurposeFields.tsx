// The fields every order and data request asks for: what the data is for (required, at most
// 200 characters), its usage (ORDER_USAGE) and, for an order, its delivery (ORDER_DELIVERY).
import { Form, Input, Select } from 'antd';
import { useDict } from '../../api/getDict';

/** The server's limit on 用途说明. */
export const PURPOSE_MAX = 200;

export interface PurposeValues {
  purpose: string;
  usage: string;
  delivery?: string;
}

export function PurposeFields({ delivery = false }: { delivery?: boolean }) {
  const usages = useDict('ORDER_USAGE');
  const deliveries = useDict('ORDER_DELIVERY');
  const options = (items: typeof usages.data) =>
    (items ?? []).map((item) => ({ value: item.value, label: item.label }));
  return (
    <>
      <Form.Item
        name="purpose"
        label="用途说明"
        rules={[
          { required: true, whitespace: true, message: '请填写用途说明' },
          { max: PURPOSE_MAX, message: `用途说明不超过${PURPOSE_MAX}个字` },
        ]}
      >
        <Input.TextArea
          rows={3}
          maxLength={PURPOSE_MAX}
          showCount
          placeholder="请说明数据的用途"
          data-testid="purpose-input"
        />
      </Form.Item>
      <Form.Item
        name="usage"
        label="使用方式"
        rules={[{ required: true, message: '请选择使用方式' }]}
      >
        <Select
          placeholder="请选择"
          loading={usages.isLoading}
          options={options(usages.data)}
          data-testid="usage-select"
        />
      </Form.Item>
      {delivery && (
        <Form.Item
          name="delivery"
          label="交付方式"
          rules={[{ required: true, message: '请选择交付方式' }]}
        >
          <Select
            placeholder="请选择"
            loading={deliveries.isLoading}
            options={options(deliveries.data)}
            data-testid="delivery-select"
          />
        </Form.Item>
      )}
    </>
  );
}
