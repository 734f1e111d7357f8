// 账号管理: the accounts with search, status filter and paging; a new account; disabling (after a
// confirmation) and enabling; roles and permissions; area ranges. The server enforces every
// rule (administrators only, no self-disabling or self-demotion) and audits every change.
import { useState } from 'react';
import { Alert, Button, Input, Popconfirm, Select, Space, Table, Tag, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { beijingTime } from '../../lib/beijingTime';
import { useSession } from '../../lib/session';
import { AccessDialog } from './AccessDialog';
import { CreateAccountDialog } from './CreateAccountDialog';
import { RangesDialog } from './RangesDialog';
import { nodeTypesQueryOptions } from '../../api/getNodeTypes';
import { roleTableQueryOptions } from '../../api/getRoleTable';
import { accountsQueryOptions, type Account, type AccountStatus } from './api/listAccounts';
import { useSetAccountStatus } from './api/setAccountStatus';

const PAGE_SIZE = 20;

const statusOptions = [
  { value: 0, label: '正常' },
  { value: 1, label: '已禁用' },
];

/** Which dialog is open, for which account. */
type Dialog = { kind: 'create' } | { kind: 'access' | 'ranges'; id: number } | null;

function StatusAction({ account, self }: { account: Account; self: boolean }) {
  const setStatus = useSetAccountStatus();
  const testId = `users-toggle-${account.username}`;
  if (account.status === 1) {
    return (
      <Button
        size="small"
        loading={setStatus.isPending}
        onClick={() => setStatus.mutate({ id: account.id, status: 0 })}
        data-testid={testId}
      >
        启用
      </Button>
    );
  }
  return (
    <Popconfirm
      title={`禁用账号「${account.username}」？`}
      description="禁用后该账号立即退出登录，且不能再登录，直至重新启用。"
      okText="确定禁用"
      cancelText="取消"
      okButtonProps={{ danger: true, 'data-testid': 'users-toggle-confirm' }}
      onConfirm={() => setStatus.mutate({ id: account.id, status: 1 })}
      disabled={self}
    >
      <Button
        size="small"
        danger
        disabled={self}
        title={self ? '不能禁用当前登录的管理员账号' : undefined}
        loading={setStatus.isPending}
        data-testid={testId}
      >
        禁用
      </Button>
    </Popconfirm>
  );
}

export default function UsersPage() {
  const me = useSession((state) => state.userInfo?.id);
  const [keyword, setKeyword] = useState('');
  const [status, setStatus] = useState<AccountStatus | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const [dialog, setDialog] = useState<Dialog>(null);
  const accounts = useQuery(
    accountsQueryOptions({ keyword: keyword || undefined, status, pageNum, pageSize: PAGE_SIZE }),
  );
  const nodeTypes = useQuery(nodeTypesQueryOptions);
  const roles = useQuery(roleTableQueryOptions);
  const typeName = (code: number) =>
    nodeTypes.data?.find((type) => type.code === code)?.name ?? String(code);
  const roleName = (code: string) => roles.data?.find((role) => role.code === code)?.name ?? code;
  const chosen =
    dialog && dialog.kind !== 'create'
      ? accounts.data?.list.find((account) => account.id === dialog.id)
      : undefined;

  const columns: TableProps<Account>['columns'] = [
    { title: '用户名', dataIndex: 'username' },
    { title: '账号类型', dataIndex: 'accountType', render: typeName },
    { title: '手机号', dataIndex: 'telephone', render: (value?: string | null) => value ?? '—' },
    { title: '邮箱', dataIndex: 'email', render: (value?: string | null) => value ?? '—' },
    {
      title: '角色',
      dataIndex: 'roles',
      render: (codes: string[]) => codes.map((code) => <Tag key={code}>{roleName(code)}</Tag>),
    },
    {
      title: '权限范围',
      dataIndex: 'ranges',
      render: (ranges: Account['ranges']) =>
        ranges.length === 0 ? '—' : ranges.map((r) => r.name ?? r.regionId).join('、'),
    },
    {
      title: '状态',
      dataIndex: 'status',
      render: (value: AccountStatus) =>
        value === 0 ? <Tag color="green">正常</Tag> : <Tag color="red">已禁用</Tag>,
    },
    {
      title: '最近登录',
      dataIndex: 'lastLoginAt',
      render: (at?: number | null) => (at ? beijingTime(at) : '从未登录'),
    },
    {
      title: '操作',
      key: 'actions',
      render: (_, account) => (
        <Space size="small">
          <Button
            size="small"
            onClick={() => setDialog({ kind: 'access', id: account.id })}
            data-testid={`users-access-${account.username}`}
          >
            角色与权限
          </Button>
          <Button
            size="small"
            onClick={() => setDialog({ kind: 'ranges', id: account.id })}
            data-testid={`users-ranges-${account.username}`}
          >
            权限范围
          </Button>
          <StatusAction account={account} self={account.id === me} />
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="users-page">
      <Space className="manage-toolbar" wrap>
        <Input.Search
          placeholder="用户名、手机号或邮箱"
          allowClear
          onSearch={(value) => {
            setKeyword(value.trim());
            setPageNum(1);
          }}
          style={{ width: 280 }}
          data-testid="users-search"
        />
        <Select
          placeholder="全部状态"
          allowClear
          options={statusOptions}
          value={status}
          onChange={(value?: AccountStatus) => {
            setStatus(value);
            setPageNum(1);
          }}
          style={{ width: 140 }}
          data-testid="users-status-filter"
        />
        <Button
          type="primary"
          onClick={() => setDialog({ kind: 'create' })}
          data-testid="users-create"
        >
          新建账号
        </Button>
      </Space>
      {accounts.isError && (
        <Alert type="error" showIcon message="账号列表加载失败" data-testid="users-error" />
      )}
      <Table<Account>
        rowKey="id"
        columns={columns}
        dataSource={accounts.data?.list}
        loading={accounts.isFetching}
        locale={{ emptyText: '没有符合条件的账号' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: accounts.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 个账号`,
          onChange: setPageNum,
        }}
        data-testid="users-table"
      />
      <CreateAccountDialog open={dialog?.kind === 'create'} onClose={() => setDialog(null)} />
      {dialog?.kind === 'access' && chosen && (
        <AccessDialog account={chosen} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'ranges' && chosen && (
        <RangesDialog account={chosen} onClose={() => setDialog(null)} />
      )}
    </div>
  );
}
