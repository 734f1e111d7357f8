// 操作日志: every administrative change, newest first, in Beijing time, with the action in
// Chinese and the states before and after; filtered by action, paged.
import { useState } from 'react';
import { Alert, Select, Space, Table, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { beijingTime } from '../../lib/beijingTime';
import { auditQueryOptions, type AuditRow } from './api/getAuditLog';
import { AUDIT_ACTIONS, actionLabel, stateText } from './auditLabels';

const PAGE_SIZE = 20;

const actionOptions = Object.entries(AUDIT_ACTIONS).map(([value, label]) => ({ value, label }));

const columns: TableProps<AuditRow>['columns'] = [
  { title: '时间（北京时间）', dataIndex: 'at', render: beijingTime, width: 180 },
  { title: '操作人', dataIndex: 'actor', width: 100 },
  {
    title: '操作',
    dataIndex: 'action',
    width: 160,
    render: (action: string) => <span data-testid="audit-action">{actionLabel(action)}</span>,
  },
  { title: '对象', dataIndex: 'target', width: 110 },
  { title: '变更前', dataIndex: 'before', render: stateText },
  { title: '变更后', dataIndex: 'after', render: stateText },
];

export default function AuditPage() {
  const [action, setAction] = useState<string | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const log = useQuery(auditQueryOptions({ action, pageNum, pageSize: PAGE_SIZE }));
  return (
    <div data-testid="audit-page">
      <Space className="manage-toolbar">
        <Select
          placeholder="全部操作"
          allowClear
          options={actionOptions}
          value={action}
          onChange={(value?: string) => {
            setAction(value);
            setPageNum(1);
          }}
          style={{ width: 200 }}
          data-testid="audit-action-filter"
        />
      </Space>
      {log.isError && <Alert type="error" showIcon message="操作日志加载失败" />}
      <Table<AuditRow>
        rowKey="id"
        columns={columns}
        dataSource={log.data?.list}
        loading={log.isFetching}
        locale={{ emptyText: '暂无操作记录' }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => `共 ${total} 条`,
          onChange: setPageNum,
        }}
        data-testid="audit-table"
      />
    </div>
  );
}
