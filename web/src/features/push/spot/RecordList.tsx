// A list of verification records with its summary: the records of a batch's node (核查记录),
// the key changes (重点变化) or the managers' review queue (待审核). Filters by state and
// result, counts by state and by result (the server's statistics of the same filter, so its
// total is the list's), the workbook (导出Excel) and the records a page at a time; choosing
// one opens it.
import { useState } from 'react';
import { Button, Select, Space, Table, Tag, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useDict } from '../../../api/getDict';
import { LoadFailed } from '../../../components/LoadFailed';
import { formatMuValue } from '../../../lib/figures';
import { saveFile } from '../../../lib/saveFile';
import {
  exportRecords,
  recordsQueryOptions,
  statisticsQueryOptions,
  type RecordFilter,
  type RecordSource,
} from './api/records';
import type { CheckState, SpotCheck, SpotCheckStatistics } from './api/types';
import { STATE_LABELS, STATES } from '../../../lib/spotCheckStates';
import { STATE_TAGS } from './states';

/** Records per page. */
export const RECORDS_PAGE_SIZE = 10;

/** What each list says when it is empty. */
const EMPTY: Record<RecordSource, string> = {
  bjhs: '没有符合条件的核查记录',
  zdbh: '暂无重点变化图斑',
  review: '暂无待审核的图斑',
};

export function spotTitle(record: Pick<SpotCheck, 'spotId' | 'name'>): string {
  return record.name ? `${record.name}（${record.spotId}）` : `图斑 ${record.spotId}`;
}

function columns(wide: boolean): TableProps<SpotCheck>['columns'] {
  return [
    {
      title: '图斑',
      key: 'spot',
      ellipsis: true,
      render: (_: unknown, record: SpotCheck) =>
        wide ? (
          <>
            <div className="spot-record-cell">{spotTitle(record)}</div>
            <div className="spot-record-cell push-batch__facts" title={record.batchName}>
              {record.batchName}
            </div>
          </>
        ) : (
          spotTitle(record)
        ),
    },
    wide
      ? { title: '节点', dataIndex: 'nodeName', width: 100, ellipsis: true }
      : { title: '行政区', dataIndex: 'regionName', ellipsis: true },
    {
      title: '面积(亩)',
      dataIndex: 'areaM2',
      width: 90,
      align: 'right' as const,
      render: (m2: number) => formatMuValue(m2),
    },
    {
      title: '状态',
      dataIndex: 'state',
      width: 76,
      render: (state: CheckState, record: SpotCheck) => (
        <Tag color={STATE_TAGS[state]}>{record.stateLabel}</Tag>
      ),
    },
    {
      title: '核查结果',
      dataIndex: 'resultLabel',
      width: 84,
      render: (label: string | null | undefined) => label ?? '—',
    },
  ];
}

export function RecordSummary({ statistics }: { statistics: SpotCheckStatistics }) {
  return (
    <div className="spot-summary" data-testid="spot-summary">
      <div data-testid="spot-summary-states">
        <b>共 {statistics.total} 个</b>
        {STATES.map((state) => (
          <Tag key={state} color={STATE_TAGS[state]} data-state={state}>
            {STATE_LABELS[state]} {statistics.byState[state]}
          </Tag>
        ))}
      </div>
      <div data-testid="spot-summary-results">
        核查结果：
        {statistics.byResult.map((entry) => `${entry.label} ${entry.count}`).join(' · ')}
      </div>
    </div>
  );
}

export function RecordList({
  source,
  base,
  selected,
  onOpen,
}: {
  source: RecordSource;
  /** The filter the list is of (a batch and node), under the user's own. */
  base: RecordFilter;
  /** The record open, marked in the table. */
  selected: number | null;
  onOpen: (record: SpotCheck) => void;
}) {
  const results = useDict('SPOT_BJHS_RESULT');
  const [status, setStatus] = useState<CheckState | undefined>();
  const [result, setResult] = useState<number | undefined>();
  const [pageNum, setPageNum] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filter: RecordFilter = { ...base, status, result };
  const records = useQuery(recordsQueryOptions(source, filter, pageNum, RECORDS_PAGE_SIZE));
  const statistics = useQuery(statisticsQueryOptions(source, filter));
  const states =
    source === 'zdbh'
      ? STATES.filter((state) => state === 'submitted' || state === 'approved')
      : STATES;

  const exportFile = async () => {
    setExporting(true);
    try {
      const { blob, name } = await exportRecords(source, filter);
      saveFile(blob, name);
    } catch {
      // The client has said why.
    } finally {
      setExporting(false);
    }
  };

  return (
    <div className="spot-records" data-testid={`spot-records-${source}`}>
      <Space wrap>
        <Select
          allowClear
          placeholder={source === 'review' ? '已提交' : '全部状态'}
          value={status}
          onChange={(next?: CheckState) => {
            setStatus(next);
            setPageNum(1);
          }}
          options={states.map((state) => ({ value: state, label: STATE_LABELS[state] }))}
          style={{ width: 120 }}
          aria-label="核查状态"
          data-testid="spot-filter-status"
        />
        {source !== 'zdbh' && (
          <Select
            allowClear
            placeholder="全部结果"
            value={result}
            onChange={(next?: number) => {
              setResult(next);
              setPageNum(1);
            }}
            options={(results.data ?? []).map((item) => ({
              value: Number(item.value),
              label: item.label,
            }))}
            style={{ width: 120 }}
            aria-label="核查结果"
            data-testid="spot-filter-result"
          />
        )}
        <Button
          icon={<DownloadOutlined />}
          loading={exporting}
          disabled={!records.data?.total}
          onClick={() => void exportFile()}
          data-testid="spot-export"
        >
          导出Excel
        </Button>
      </Space>
      {statistics.data && <RecordSummary statistics={statistics.data} />}
      {records.isError && !records.data ? (
        <LoadFailed
          title="核查记录加载失败"
          onRetry={() => void records.refetch()}
          testId="spot-records-failed"
        />
      ) : (
        <Table<SpotCheck>
          rowKey="id"
          size="small"
          columns={columns(source !== 'bjhs')}
          dataSource={records.data?.list}
          loading={records.isFetching}
          locale={{ emptyText: records.data ? EMPTY[source] : ' ' }}
          rowClassName={(record) =>
            record.id === selected ? 'spot-record-row spot-record-row--selected' : 'spot-record-row'
          }
          onRow={(record) => ({ onClick: () => onOpen(record) })}
          pagination={{
            size: 'small',
            current: records.data?.pageNum ?? pageNum,
            pageSize: RECORDS_PAGE_SIZE,
            total: records.data?.total ?? 0,
            showSizeChanger: false,
            showTotal: (total) => `共 ${total} 个`,
            onChange: setPageNum,
          }}
          data-testid="spot-record-table"
        />
      )}
    </div>
  );
}
