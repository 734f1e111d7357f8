// The verification progress of /statistics/push (issue 18): how far the province nodes have
// verified the change spots sent to them in the year — in all, per node (with the share
// approved) and per month of sending, stacked by state. The server counts only the caller's
// nodes, as for the image deliveries.
import { lazy, Suspense } from 'react';
import { Progress, Table, type TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../components/LoadFailed';
import { approvedShare, STATE_LABELS, STATES } from '../../lib/spotCheckStates';
import {
  progressQueryOptions,
  type PushQuery,
  type VerificationProgress,
} from './api/getPushStatistics';

const ProgressChart = lazy(() => import('./ProgressChart'));

type NodeVerified = VerificationProgress['nodes'][number];

const COLUMNS: TableProps<NodeVerified>['columns'] = [
  { title: '推送节点', dataIndex: 'nodeName' },
  { title: '行政区', dataIndex: 'regionName', render: (name?: string | null) => name ?? '—' },
  {
    title: '推送图斑',
    dataIndex: 'pushed',
    align: 'right',
    sorter: (a, b) => a.pushed - b.pushed,
  },
  ...STATES.map((key) => ({
    title: STATE_LABELS[key],
    key,
    align: 'right' as const,
    render: (_: unknown, row: NodeVerified) => row.states[key],
  })),
  {
    title: '通过率',
    key: 'share',
    width: 160,
    render: (_: unknown, row: NodeVerified) => (
      <Progress percent={approvedShare(row.pushed, row.states)} size="small" />
    ),
  },
];

export function PushVerification({ query }: { query: PushQuery }) {
  const progress = useQuery(progressQueryOptions(query));
  if (progress.isError) {
    return (
      <LoadFailed
        title="核查进度加载失败"
        onRetry={() => void progress.refetch()}
        testId="verification-failed"
      />
    );
  }
  const data = progress.data;
  const total = data?.total;
  return (
    <section className="push-verification" data-testid="push-verification">
      <dl className="push-totals">
        {[
          ['推送图斑', total?.pushed],
          ...STATES.map((key) => [STATE_LABELS[key], total?.states[key]] as const),
          ['通过率', total && `${approvedShare(total.pushed, total.states)}%`],
        ].map(([label, value]) => (
          <div className="push-total" key={label}>
            <dt>{label}</dt>
            <dd data-testid={`verification-total-${label}`}>{value ?? '…'}</dd>
          </div>
        ))}
      </dl>
      {data && data.total.pushed > 0 && (
        <Suspense fallback={<p>正在加载图表…</p>}>
          <ProgressChart progress={data} />
        </Suspense>
      )}
      <Table<NodeVerified>
        rowKey="nodeId"
        size="small"
        columns={COLUMNS}
        dataSource={data?.nodes}
        loading={progress.isFetching}
        pagination={false}
        locale={{ emptyText: '您的账号未关联推送节点' }}
        data-testid="verification-node-table"
      />
    </section>
  );
}
