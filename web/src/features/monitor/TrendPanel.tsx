// TREND beside its charts: the area, what the bars split by, the export of the numbers, and
// the numbers per batch (a row opens its batch in DETAIL).
import { Segmented, Table } from 'antd';
import { LoadFailed } from '../../components/LoadFailed';
import type { ThemeName } from './api/types';
import { ExportButtons } from './ExportButtons';
import { formatCount, formatM2, formatMuValue } from '../../lib/figures';
import { RegionFilter } from './RegionFilter';
import type { TrendBy } from './state';
import type { SpotFilterQuery } from './api/types';
import type { TrendRow } from './trend';

/** The numbers per batch, oldest first; a row opens its batch. */
export function BatchTable({
  rows,
  loading,
  onBatch,
  testId,
}: {
  rows: readonly TrendRow[];
  loading: boolean;
  onBatch: (batch: string) => void;
  testId: string;
}) {
  return (
    <Table<TrendRow>
      rowKey={(row) => row.batch.id}
      size="small"
      loading={loading}
      pagination={false}
      dataSource={[...rows]}
      data-testid={testId}
      locale={{ emptyText: '暂无批次' }}
      onRow={(row) => ({
        onClick: () => onBatch(row.batch.id),
        className: 'monitor-detail__row',
        'data-testid': 'batch-row',
        'data-batch': row.batch.id,
      })}
      columns={[
        {
          title: '批次',
          key: 'batch',
          render: (_, row) => (
            <a aria-label={`在详情中查看${row.batch.typeName}`}>{row.batch.typeName}</a>
          ),
        },
        { title: '图斑数', dataIndex: 'count', align: 'right', render: formatCount },
        { title: '面积（m²）', dataIndex: 'areaM2', align: 'right', render: formatM2 },
        {
          title: '面积（亩）',
          dataIndex: 'areaM2',
          key: 'mu',
          align: 'right',
          render: formatMuValue,
        },
      ]}
    />
  );
}

export interface TrendPanelProps {
  theme: ThemeName;
  typed: boolean;
  by: TrendBy;
  onBy: (by: TrendBy) => void;
  region: string | null;
  ranges: readonly string[];
  onRegion: (region: string | null) => void;
  query: SpotFilterQuery;
  exportName: string;
  rows: readonly TrendRow[] | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onBatch: (batch: string) => void;
}

export function TrendPanel({
  theme,
  typed,
  by,
  onBy,
  region,
  ranges,
  onRegion,
  query,
  exportName,
  rows,
  loading,
  error,
  onRetry,
  onBatch,
}: TrendPanelProps) {
  return (
    <div className="monitor-trend" data-testid="trend-panel">
      <div className="monitor-grid__controls">
        <RegionFilter region={region} ranges={ranges} onRegion={onRegion} />
        {/* A theme without types has only the change categories to split by. */}
        {typed && (
          <Segmented<TrendBy>
            size="small"
            value={by}
            options={[
              { value: 'type', label: '按类型' },
              { value: 'change', label: '按变化类别' },
            ]}
            onChange={onBy}
            aria-label="柱状图分类依据"
            data-testid="trend-by"
          />
        )}
      </div>
      <ExportButtons
        theme={theme}
        query={query}
        baseName={exportName}
        formats={['trend']}
        disabled={!rows?.length}
      />
      {error && !rows ? (
        <LoadFailed title="趋势加载失败" onRetry={onRetry} testId="trend-error" />
      ) : (
        <BatchTable
          rows={rows ?? []}
          loading={loading || !rows}
          onBatch={onBatch}
          testId="trend-table"
        />
      )}
    </div>
  );
}
