// STATISTICS beside the map: the way back up (breadcrumb), the totals, the regions one level
// down (click one with regions below to drill into it), and the spots by type, stage and
// change category.
import { Alert, Breadcrumb, Progress, Segmented, Spin, Table } from 'antd';
import { LoadFailed } from '../../components/LoadFailed';
import { drillRow, regionNameColumn } from '../../components/regionTable';
import type { Measure } from './choropleth';
import { valueOf } from './choropleth';
import type { RegionTally, Statistics, ValueTally } from './api/types';
import { formatCount, formatM2, formatMu, formatShare } from '../../lib/figures';
import type { Crumb } from './state';

function Breakdown({
  title,
  rows,
  total,
  testId,
}: {
  title: string;
  rows: readonly ValueTally[];
  total: number;
  testId: string;
}) {
  if (rows.length === 0) return null;
  return (
    <section className="monitor-breakdown" data-testid={testId}>
      <h3>{title}</h3>
      <ul>
        {rows.map((row) => (
          <li key={row.value} data-value={row.value}>
            <span className="monitor-breakdown__label">{row.label}</span>
            <Progress
              percent={total > 0 ? Math.round((row.count / total) * 1000) / 10 : 0}
              size="small"
              showInfo={false}
            />
            <span className="monitor-breakdown__figure">
              {formatCount(row.count)} 个 · {formatMu(row.areaM2)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

export interface StatisticsPanelProps {
  statistics: Statistics | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  measure: Measure;
  onMeasureChange: (measure: Measure) => void;
  crumbs: readonly Crumb[];
  /** Go to a region (null: the whole range). */
  onRegion: (region: string | null) => void;
  /** Whether the theme types its spots (the 类型 breakdown). */
  typed: boolean;
}

export function StatisticsPanel({
  statistics,
  loading,
  error,
  onRetry,
  measure,
  onMeasureChange,
  crumbs,
  onRegion,
  typed,
}: StatisticsPanelProps) {
  if (error && !statistics)
    return <LoadFailed title="统计加载失败" onRetry={onRetry} testId="statistics-error" />;
  if (!statistics)
    return (
      <div className="monitor-side__state" data-testid="statistics-loading">
        <Spin description="正在统计…" size="large">
          <div className="monitor-side__spin" />
        </Spin>
      </div>
    );

  const { total, regions } = statistics;
  const measureTotal = measure === 'count' ? total.count : total.areaM2;
  return (
    <div
      className="monitor-statistics"
      data-testid="statistics-panel"
      data-region={statistics.regionId}
    >
      <div className="monitor-statistics__bar">
        <Breadcrumb
          data-testid="drill-crumbs"
          items={crumbs.map((crumb, index) => ({
            key: crumb.id ?? 'all',
            title:
              index < crumbs.length - 1 ? (
                <a onClick={() => onRegion(crumb.id)} data-testid="drill-crumb">
                  {crumb.name}
                </a>
              ) : (
                <span data-testid="drill-current">{crumb.name}</span>
              ),
          }))}
        />
        <Segmented<Measure>
          size="small"
          value={measure}
          options={[
            { value: 'count', label: '按数量' },
            { value: 'area', label: '按面积' },
          ]}
          onChange={onMeasureChange}
          data-testid="measure-toggle"
        />
      </div>
      <p className="monitor-statistics__total" data-testid="statistics-total">
        {statistics.batch ? `${statistics.batch.typeName}，` : ''}
        {statistics.name}共 <b>{formatCount(total.count)}</b> 个图斑，面积 {formatM2(total.areaM2)}
        （{formatMu(total.areaM2)}）
      </p>
      {total.count === 0 && (
        <Alert
          type="info"
          showIcon
          title="该批次在此范围内暂无图斑"
          data-testid="statistics-empty"
        />
      )}
      <Table<RegionTally>
        rowKey="regionId"
        size="small"
        loading={loading}
        pagination={false}
        dataSource={regions}
        data-testid="statistics-table"
        locale={{ emptyText: '已是最下一级行政区' }}
        onRow={drillRow(onRegion)}
        columns={[
          regionNameColumn(),
          { title: '图斑数', dataIndex: 'count', align: 'right', render: formatCount },
          { title: '面积（m²）', dataIndex: 'areaM2', align: 'right', render: formatM2 },
          { title: '面积（亩）', dataIndex: 'areaM2', key: 'mu', align: 'right', render: formatMu },
          {
            title: '占比',
            key: 'share',
            align: 'right',
            render: (_, row) => formatShare(valueOf(row, measure), measureTotal),
          },
        ]}
        summary={() => (
          <Table.Summary.Row data-testid="statistics-sum">
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            <Table.Summary.Cell index={1} align="right">
              {formatCount(total.count)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} align="right">
              {formatM2(total.areaM2)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={3} align="right">
              {formatMu(total.areaM2)}
            </Table.Summary.Cell>
            <Table.Summary.Cell index={4} align="right">
              {total.count > 0 ? '100%' : '—'}
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      {typed && (
        <Breakdown title="按类型" rows={statistics.byType} total={total.count} testId="by-type" />
      )}
      <Breakdown title="按阶段" rows={statistics.byStage} total={total.count} testId="by-stage" />
      <Breakdown
        title="按变化类别"
        rows={statistics.byChange}
        total={total.count}
        testId="by-change"
      />
    </div>
  );
}
