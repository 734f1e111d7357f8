// The user's own login attempts, newest first, in Beijing time.
import { useState } from 'react';
import { Alert, Table, Tag, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { beijingTime } from '../../lib/beijingTime';
import { loginHistoryQueryOptions, type LoginEvent } from './api/getLoginHistory';

const PAGE_SIZE = 10;

const columns: TableProps<LoginEvent>['columns'] = [
  { title: '时间（北京时间）', dataIndex: 'at', render: beijingTime },
  { title: '登录地址', dataIndex: 'address', render: (value?: string | null) => value ?? '未知' },
  {
    title: '结果',
    dataIndex: 'ok',
    render: (ok: boolean) => (ok ? <Tag color="green">成功</Tag> : <Tag color="red">失败</Tag>),
  },
];

export function LoginHistory() {
  const [pageNum, setPageNum] = useState(1);
  const history = useQuery(loginHistoryQueryOptions(pageNum, PAGE_SIZE));
  return (
    <>
      {history.isError && <Alert type="error" showIcon message="登录记录加载失败" />}
      <Table<LoginEvent>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={history.data?.list}
        loading={history.isFetching}
        locale={{ emptyText: '暂无登录记录' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: history.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPageNum,
        }}
        data-testid="login-history"
      />
    </>
  );
}
