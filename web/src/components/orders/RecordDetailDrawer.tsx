// An order or a data request in a drawer: its facts, its history and its scenes, with the
// buttons the page gives for the actions the server says the caller may take now.
import type { ReactNode } from 'react';
import { Descriptions, Drawer, Space, Spin, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useDict, type DictItem } from '../../api/getDict';
import {
  recordDetailQueryOptions,
  type RecordDetail,
  type RecordKind,
} from '../../api/getRecordDetail';
import { HistoryTimeline } from './HistoryTimeline';
import { RecordItemsTable } from './RecordItemsTable';
import { StatusTag } from './StatusTag';
import { KIND_NAME, formatSize, formatTime } from './format';
import { LoadFailed } from '../LoadFailed';

function labelOf(items: readonly DictItem[] | undefined, value: string): string {
  return items?.find((item) => item.value === value)?.label ?? value;
}

function Facts({ detail }: { detail: RecordDetail }) {
  const { record } = detail;
  const usages = useDict('ORDER_USAGE');
  const deliveries = useDict('ORDER_DELIVERY');
  const order = record.kind === 'order';
  const items = [
    { key: 'code', label: '编号', children: <span data-testid="record-code">{record.code}</span> },
    {
      key: 'status',
      label: '状态',
      children: <StatusTag kind={record.kind} status={record.status} label={record.statusLabel} />,
    },
    { key: 'user', label: '申请人', children: record.username },
    { key: 'usage', label: '使用方式', children: labelOf(usages.data, record.usage) },
    ...(order
      ? [
          {
            key: 'delivery',
            label: '交付方式',
            children: labelOf(deliveries.data, record.delivery),
          },
        ]
      : []),
    { key: 'items', label: '影像', children: `${record.items} 景，${formatSize(record.sizeMb)}` },
    { key: 'created', label: '提交时间', children: formatTime(record.createdAt) },
    { key: 'updated', label: '更新时间', children: formatTime(record.updatedAt) },
    ...(order && record.deliveredAt
      ? [{ key: 'delivered', label: '交付时间', children: formatTime(record.deliveredAt) }]
      : []),
    ...(order && record.expiresAt
      ? [
          {
            key: 'expires',
            label: '链接有效期至',
            children: <span data-testid="record-expires">{formatTime(record.expiresAt)}</span>,
          },
        ]
      : []),
    { key: 'purpose', label: '用途说明', span: 2, children: record.purpose },
    ...(record.reason
      ? [
          {
            key: 'reason',
            label: '原因',
            span: 2,
            children: <Typography.Text type="danger">{record.reason}</Typography.Text>,
          },
        ]
      : []),
  ];
  return <Descriptions size="small" bordered column={2} items={items} data-testid="record-facts" />;
}

export interface RecordDetailDrawerProps {
  kind: RecordKind;
  /** The record shown; null while the drawer is closed. */
  id: number | null;
  onClose: () => void;
  /** The page's buttons for this record (from `detail.actions`, the link lists, …). */
  actions?: (detail: RecordDetail) => ReactNode;
}

export function RecordDetailDrawer({ kind, id, onClose, actions }: RecordDetailDrawerProps) {
  const detail = useQuery({ ...recordDetailQueryOptions(kind, id ?? 0), enabled: id !== null });
  const data = id === null ? undefined : detail.data;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={760}
      destroyOnHidden
      title={data ? `${KIND_NAME[kind]} ${data.record.code}` : `${KIND_NAME[kind]}详情`}
      data-testid="record-drawer"
      extra={data && actions ? <Space wrap>{actions(data)}</Space> : null}
    >
      {data ? (
        <Space orientation="vertical" size="large" style={{ width: '100%' }}>
          <Facts detail={data} />
          <section>
            <h3>状态记录</h3>
            <HistoryTimeline history={data.history} />
          </section>
          <section>
            <h3>影像列表</h3>
            <RecordItemsTable kind={kind} id={data.record.id} />
          </section>
        </Space>
      ) : detail.isError ? (
        <LoadFailed
          title="详情加载失败"
          onRetry={() => void detail.refetch()}
          testId="record-detail-failed"
        />
      ) : (
        <Spin description="正在加载…">
          <div style={{ height: 200 }} />
        </Spin>
      )}
    </Drawer>
  );
}
