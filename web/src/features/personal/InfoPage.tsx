// 个人信息: the account (name, type, roles, phone, e-mail with their change dialogs), the
// password change and the login history.
import { useState } from 'react';
import { App, Button, Card, Descriptions, Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { nodeTypesQueryOptions } from '../../api/getNodeTypes';
import { roleTableQueryOptions } from '../../api/getRoleTable';
import type { Channel } from '../../api/sendCode';
import { useSession } from '../../lib/session';
import { ChangeContactDialog } from './ChangeContactDialog';
import { ChangePasswordForm } from './ChangePasswordForm';
import { LoginHistory } from './LoginHistory';

export default function InfoPage() {
  const user = useSession((state) => state.userInfo);
  const { message } = App.useApp();
  const [changing, setChanging] = useState<Channel | null>(null);
  const nodeTypes = useQuery(nodeTypesQueryOptions);
  const roles = useQuery(roleTableQueryOptions);
  // The guard shows this page to logged-in users only.
  if (!user) return null;
  const typeName =
    nodeTypes.data?.find((type) => type.code === user.accountType)?.name ?? user.accountType;
  const roleName = (code: string) => roles.data?.find((role) => role.code === code)?.name ?? code;
  const contact = (channel: Channel, value: string | undefined) => (
    <Space>
      <span data-testid={`info-${channel}`}>{value ?? '未绑定'}</span>
      <Button
        size="small"
        onClick={() => setChanging(channel)}
        data-testid={`info-change-${channel}`}
      >
        {value ? '修改' : '绑定'}
      </Button>
    </Space>
  );

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 24 }} data-testid="info-page">
      <Card title="账号信息">
        <Descriptions column={1} bordered size="small">
          <Descriptions.Item label="用户名">
            <span data-testid="info-username">{user.username}</span>
          </Descriptions.Item>
          <Descriptions.Item label="账号类型">{typeName}</Descriptions.Item>
          <Descriptions.Item label="角色">
            {user.roles.length === 0
              ? '无'
              : user.roles.map((code) => <Tag key={code}>{roleName(code)}</Tag>)}
          </Descriptions.Item>
          <Descriptions.Item label="手机号">
            {contact('telephone', user.telephone?.value)}
          </Descriptions.Item>
          <Descriptions.Item label="邮箱">{contact('email', user.email?.value)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card title="修改密码">
        <ChangePasswordForm username={user.username} />
      </Card>
      <Card title="登录记录">
        <LoginHistory />
      </Card>
      {changing && (
        <ChangeContactDialog
          channel={changing}
          onClose={(changed) => {
            setChanging(null);
            if (changed) void message.success('修改成功');
          }}
        />
      )}
    </div>
  );
}
