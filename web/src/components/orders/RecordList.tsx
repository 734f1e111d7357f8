// A list of orders or data requests: status tabs (全部 and each status of the kind's
// dictionary, with counts when the page has them), date range and keyword, the table with
// paging, and 详情 for each row. The page fetches the list; this shows it.
import { useState } from 'react';
import { Button, DatePicker, Input, Space, Table, Tabs } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useDict } from '../../api/getDict';
import type { OrderRecord, RecordKind } from '../../api/getRecordDetail';
import { StatusTag } from './StatusTag';
import { refilter, type RecordFilter } from './filters';
import { KIND_NAME, STATUS_DICT, formatSize, formatTime } from './format';
import { tablePagination } from './paging';
import { LoadFailed } from '../LoadFailed';

const ALL = 'all';
const DAY = 'YYYY-MM-DD';

export interface RecordPage {
  list: OrderRecord[];
  total: number;
}

export interface RecordListProps {
  kind: RecordKind;
  filter: RecordFilter;
  onFilterChange: (filter: RecordFilter) => void;
  page: RecordPage | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onOpen: (id: number) => void;
  /** How many records each status has (the tabs show them). */
  counts?: ReadonlyMap<number, number>;
  /** Administrators see whose each record is, and search owners too. */
  showOwner?: boolean;
}

export function RecordList({
  kind,
  filter,
  onFilterChange,
  page,
  loading,
  error,
  onRetry,
  onOpen,
  counts,
  showOwner = false,
}: RecordListProps) {
  const statuses = useDict(STATUS_DICT[kind]);
  const [keyword, setKeyword] = useState(filter.keyword ?? '');
  const change = (part: Partial<RecordFilter>) => onFilterChange(refilter(filter, part));
  const counted = (status: number) => (counts ? `（${counts.get(status) ?? 0}）` : '');
  const allCount = counts ? `（${[...counts.values()].reduce((a, b) => a + b, 0)}）` : '';
  const name = KIND_NAME[kind];

  return (
    <div className="record-list" data-testid={`${kind}-list`}>
      <Tabs
        activeKey={filter.status === undefined ? ALL : String(filter.status)}
        onChange={(key) => change({ status: key === ALL ? undefined : Number(key) })}
        data-testid="status-tabs"
        items={[
          { key: ALL, label: `全部${allCount}` },
          ...(statuses.data ?? []).map((item) => ({
            key: item.value,
            label: (
              <span data-testid={`status-tab-${item.value}`}>
                {item.label}
                {counted(Number(item.value))}
              </span>
            ),
          })),
        ]}
      />
      <Space wrap style={{ marginBottom: 12 }}>
        <DatePicker.RangePicker
          data-testid="filter-dates"
          value={filter.from && filter.to ? [dayjs(filter.from), dayjs(filter.to)] : null}
          onChange={(range) =>
            change({ from: range?.[0]?.format(DAY), to: range?.[1]?.format(DAY) })
          }
        />
        <Input.Search
          allowClear
          style={{ width: 260 }}
          placeholder={showOwner ? `${name}编号或申请人` : `${name}编号`}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          onSearch={(value) => change({ keyword: value })}
          enterButton={<SearchOutlined aria-label="搜索" />}
          data-testid="filter-keyword"
        />
      </Space>
      {error && !page ? (
        <LoadFailed title={`${name}列表加载失败`} onRetry={onRetry} testId="list-error" />
      ) : (
        <Table<OrderRecord>
          rowKey="id"
          size="middle"
          loading={loading}
          dataSource={page?.list ?? []}
          locale={{ emptyText: `暂无${name}` }}
          pagination={tablePagination(filter, page?.total ?? 0, change, '条')}
          columns={[
            {
              title: `${name}编号`,
              dataIndex: 'code',
              render: (code: string, record) => (
                <a
                  onClick={() => onOpen(record.id)}
                  data-testid="record-row"
                  data-code={code}
                  data-status={record.status}
                >
                  {code}
                </a>
              ),
            },
            ...(showOwner ? [{ title: '申请人', dataIndex: 'username' }] : []),
            {
              title: '状态',
              dataIndex: 'status',
              render: (status: number, record) => (
                <StatusTag kind={kind} status={status} label={record.statusLabel} />
              ),
            },
            { title: '影像', dataIndex: 'items', render: (items: number) => `${items} 景` },
            { title: '数据量', dataIndex: 'sizeMb', render: formatSize },
            { title: '提交时间', dataIndex: 'createdAt', render: formatTime },
            {
              title: '操作',
              key: 'open',
              render: (_, record) => (
                <Button type="link" size="small" onClick={() => onOpen(record.id)}>
                  详情
                </Button>
              ),
            },
          ]}
        />
      )}
    </div>
  );
}
