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

/** A required choice among a dictionary's entries. */
function DictField({ name, label, dict }: { name: string; label: string; dict: string }) {
  const items = useDict(dict);
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, message: `请选择${label}` }]}>
      <Select
        placeholder="请选择"
        loading={items.isLoading}
        options={(items.data ?? []).map((item) => ({ value: item.value, label: item.label }))}
        data-testid={`${name}-select`}
      />
    </Form.Item>
  );
}

export function PurposeFields({ delivery = false }: { delivery?: boolean }) {
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
      <DictField name="usage" label="使用方式" dict="ORDER_USAGE" />
      {delivery && <DictField name="delivery" label="交付方式" dict="ORDER_DELIVERY" />}
    </>
  );
}
