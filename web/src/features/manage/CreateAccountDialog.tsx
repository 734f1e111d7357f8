// The new-account dialog: the account rules of the server checked while typing (the server
// checks them again), account type and roles from the server's tables, the server's refusal
// (a taken name, number or e-mail) shown in the dialog.
import { Checkbox, Form, Input, Modal, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { FormFailure } from '../../components/FormFailure';
import { NewPasswordFields } from '../../components/NewPasswordFields';
import { addressRules, usernameRules } from '../../lib/accountRules';
import { useCreateAccount, type NewAccountInput } from './api/createAccount';
import { nodeTypesQueryOptions } from '../../api/getNodeTypes';
import { roleTableQueryOptions } from '../../api/getRoleTable';

interface Values {
  username: string;
  password: string;
  telephone?: string;
  email?: string;
  accountType: number;
  roles: string[];
  mustChangePassword: boolean;
}

const initialValues: Partial<Values> = { accountType: 0, roles: [], mustChangePassword: true };

export function CreateAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [form] = Form.useForm<Values>();
  const create = useCreateAccount();
  const nodeTypes = useQuery(nodeTypesQueryOptions);
  const roles = useQuery(roleTableQueryOptions);

  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };

  const submit = (values: Values) => {
    const input: NewAccountInput = {
      username: values.username.trim(),
      password: values.password,
      telephone: values.telephone?.trim() || null,
      email: values.email?.trim() || null,
      accountType: values.accountType,
      roles: values.roles,
      mustChangePassword: values.mustChangePassword,
    };
    create.mutate(input, { onSuccess: close });
  };

  return (
    <Modal
      title="新建账号"
      open={open}
      onCancel={close}
      onOk={() => form.submit()}
      okText="创建"
      cancelText="取消"
      confirmLoading={create.isPending}
      okButtonProps={{ 'data-testid': 'create-submit' }}
      destroyOnHidden
      forceRender
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={initialValues}
        onFinish={submit}
        data-testid="create-account-form"
      >
        <FormFailure error={create.error} testId="create-account-error" />
        <Form.Item name="username" label="用户名" rules={usernameRules}>
          <Input autoComplete="off" maxLength={20} data-testid="create-username" />
        </Form.Item>
        <NewPasswordFields label="初始密码" testId="create" />
        <Form.Item name="telephone" label="手机号" rules={addressRules('telephone', false)}>
          <Input maxLength={11} data-testid="create-telephone" />
        </Form.Item>
        <Form.Item name="email" label="邮箱" rules={addressRules('email', false)}>
          <Input maxLength={254} data-testid="create-email" />
        </Form.Item>
        <Form.Item
          name="accountType"
          label="账号类型"
          rules={[{ required: true, message: '请选择账号类型' }]}
        >
          <Select
            options={nodeTypes.data?.map((type) => ({ value: type.code, label: type.name }))}
            loading={nodeTypes.isLoading}
            data-testid="create-account-type"
          />
        </Form.Item>
        <Form.Item name="roles" label="角色">
          <Checkbox.Group
            options={roles.data?.map((role) => ({
              value: role.code,
              label: <span data-testid={`create-role-${role.code}`}>{role.name}</span>,
            }))}
          />
        </Form.Item>
        <Form.Item name="mustChangePassword" valuePropName="checked">
          <Checkbox data-testid="create-must-change">首次登录须修改密码</Checkbox>
        </Form.Item>
      </Form>
    </Modal>
  );
}
