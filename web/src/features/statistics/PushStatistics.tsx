// /statistics/push (spec §2, §7 sta-distribute, issue 18): what the image push batches of a
// year delivered to the province nodes, by channel (互联网, 专线), node, month and satellite,
// with every (batch, node) delivery in a paged table, how far the nodes have verified the
// change spots sent to them, and the whole as one workbook. A manager
// sees every node; a node user sees only their own (the server counts only those).
import { lazy, Suspense, useState } from 'react';
import { Button, Select, Table, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadFailed } from '../../components/LoadFailed';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { beijingYear } from '../../lib/beijingTime';
import { saveFile } from '../../lib/saveFile';
import {
  deliveriesQueryOptions,
  distributionQueryOptions,
  exportPushStatistics,
  type DeliveryRow,
  type PushQuery,
} from './api/getPushStatistics';
import { channelLabel } from '../../lib/pushChannels';
import { grandTotal, nodeRows, recentYears, type NodeRow } from './push';
import { formatSize } from '../../components/orders/format';
import { PushVerification } from './PushVerification';
import './PushStatistics.css';

const PushCharts = lazy(() => import('./PushCharts'));

const PAGE_SIZE = 10;

const NODE_COLUMNS: TableProps<NodeRow>['columns'] = [
  { title: '推送节点', dataIndex: 'nodeName' },
  { title: '行政区', dataIndex: 'regionName' },
  { title: '批次', dataIndex: 'batches', align: 'right' },
  { title: '互联网（景）', dataIndex: 'internetScenes', align: 'right' },
  { title: '专线（景）', dataIndex: 'privatelineScenes', align: 'right' },
  {
    title: '合计（景）',
    dataIndex: 'scenes',
    align: 'right',
    sorter: (a, b) => a.scenes - b.scenes,
    defaultSortOrder: 'descend',
  },
  { title: '数据量', dataIndex: 'sizeMb', align: 'right', render: formatSize },
];

const DELIVERY_COLUMNS: TableProps<DeliveryRow>['columns'] = [
  {
    title: '推送批次',
    dataIndex: 'batchName',
    render: (name: string, row) => (
      <Link to={`/push/image?batch=${row.batchId}&node=${row.nodeId}`}>{name}</Link>
    ),
  },
  { title: '推送方式', dataIndex: 'channel', render: channelLabel },
  { title: '推送时间', dataIndex: 'sentAt' },
  { title: '推送节点', dataIndex: 'nodeName' },
  { title: '行政区', dataIndex: 'regionName' },
  { title: '影像（景）', dataIndex: 'scenes', align: 'right' },
  { title: '数据量', dataIndex: 'sizeMb', align: 'right', render: formatSize },
  { title: '推送人', dataIndex: 'creator' },
];

export function PushStatistics({ title, trail }: Pick<PageProps, 'title' | 'trail'>) {
  const thisYear = beijingYear();
  const years = recentYears(thisYear);
  const [year, setYear] = useState(thisYear);
  const [nodeId, setNodeId] = useState<number | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const query: PushQuery = { year, nodeId };

  const internet = useQuery(distributionQueryOptions('internet', query));
  const privateline = useQuery(distributionQueryOptions('privateline', query));
  const deliveries = useQuery(deliveriesQueryOptions(query, page, PAGE_SIZE));
  // The nodes to choose from: every node the caller sees, counted this year or not.
  const nodes = useQuery(distributionQueryOptions('internet', { year }));

  const choose = (change: () => void) => {
    change();
    setPage(1);
  };
  const runExport = async () => {
    setExporting(true);
    try {
      const file = await exportPushStatistics(query);
      saveFile(file.blob, file.name);
    } catch {
      // The client has shown the server's reason.
    } finally {
      setExporting(false);
    }
  };

  const failed = internet.isError || privateline.isError;
  const both =
    internet.data && privateline.data
      ? { internet: internet.data, privateline: privateline.data }
      : null;
  const total = both ? grandTotal(both.internet, both.privateline) : null;
  const rows = both ? nodeRows(both.internet, both.privateline) : [];

  return (
    <PageFrame title={title} trail={trail}>
      <div className="push-statistics" data-testid="push-statistics">
        <div className="push-filters">
          <Select
            aria-label="年份"
            value={year}
            options={years.map((y) => ({ value: y, label: `${y}年` }))}
            onChange={(value) => choose(() => setYear(value))}
            style={{ width: 110 }}
            data-testid="push-year"
          />
          <Select
            aria-label="推送节点"
            value={nodeId ?? 0}
            options={[
              { value: 0, label: '全部节点' },
              ...(nodes.data?.nodes ?? []).map((n) => ({ value: n.nodeId, label: n.nodeName })),
            ]}
            loading={nodes.isPending}
            onChange={(value) => choose(() => setNodeId(value === 0 ? undefined : value))}
            style={{ width: 220 }}
            data-testid="push-node"
          />
          <Button
            className="push-filters__export"
            icon={<DownloadOutlined />}
            loading={exporting}
            onClick={() => void runExport()}
            data-testid="push-export"
          >
            导出Excel
          </Button>
        </div>

        {failed ? (
          <LoadFailed
            title="推送统计加载失败"
            onRetry={() => {
              void internet.refetch();
              void privateline.refetch();
            }}
            testId="push-failed"
          />
        ) : (
          <>
            <dl className="push-totals" data-testid="push-totals">
              {[
                ['推送批次', total?.batches],
                ['推送影像（景）', total?.scenes],
                ['数据量', total && formatSize(total.sizeMb)],
                ['互联网（景）', internet.data?.total.scenes],
                ['专线（景）', privateline.data?.total.scenes],
              ].map(([label, value]) => (
                <div className="push-total" key={label}>
                  <dt>{label}</dt>
                  <dd data-testid={`push-total-${label}`}>{value ?? '…'}</dd>
                </div>
              ))}
            </dl>
            {both && (
              <Suspense fallback={<p>正在加载图表…</p>}>
                <PushCharts {...both} />
              </Suspense>
            )}
            <h2>各节点推送情况</h2>
            <Table<NodeRow>
              rowKey="nodeId"
              size="small"
              columns={NODE_COLUMNS}
              dataSource={rows}
              loading={!both || internet.isFetching || privateline.isFetching}
              pagination={false}
              locale={{ emptyText: '您的账号未关联推送节点' }}
              data-testid="push-node-table"
            />
          </>
        )}

        <h2>图斑核查进度</h2>
        <PushVerification query={query} />

        <h2>推送明细</h2>
        {deliveries.isError ? (
          <LoadFailed
            title="推送明细加载失败"
            onRetry={() => void deliveries.refetch()}
            testId="push-deliveries-failed"
          />
        ) : (
          <Table<DeliveryRow>
            rowKey={(row) => `${row.batchId}:${row.nodeId}`}
            size="small"
            columns={DELIVERY_COLUMNS}
            dataSource={deliveries.data?.list}
            loading={deliveries.isFetching}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              total: deliveries.data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (count) => `共 ${count} 条`,
              onChange: setPage,
            }}
            locale={{ emptyText: `${year}年暂无推送` }}
            data-testid="push-deliveries"
          />
        )}
      </div>
    </PageFrame>
  );
}
