// GRID beside the map: the area, the grid level (kept whatever the map's zoom), what the cells
// are coloured by, the totals and the densest cells (click one to fly to it).
import { Alert, Segmented, Select, Spin, Table } from 'antd';
import { LoadFailed } from '../../components/LoadFailed';
import type { GridCell, GridStatistics } from './api/types';
import { formatCount, formatM2, formatMu, formatMuValue, formatPercent } from '../../lib/figures';
import { DENSEST_COUNT, densestCells } from './grid';
import { RegionFilter } from './RegionFilter';
import { GRID_LEVELS, type GridMeasure } from './state';

export interface GridPanelProps {
  grid: GridStatistics | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  level: number;
  onLevel: (level: number) => void;
  measure: GridMeasure;
  onMeasure: (measure: GridMeasure) => void;
  region: string | null;
  ranges: readonly string[];
  onRegion: (region: string | null) => void;
  onCell: (cell: GridCell) => void;
}

export function GridPanel({
  grid,
  loading,
  error,
  onRetry,
  level,
  onLevel,
  measure,
  onMeasure,
  region,
  ranges,
  onRegion,
  onCell,
}: GridPanelProps) {
  return (
    <div className="monitor-grid" data-testid="grid-panel" data-level={level}>
      <div className="monitor-grid__controls">
        <RegionFilter region={region} ranges={ranges} onRegion={onRegion} />
        <Select<number>
          value={level}
          onChange={onLevel}
          options={GRID_LEVELS.map((value) => ({ value, label: `${value} 级网格` }))}
          aria-label="网格级别"
          data-testid="grid-level"
        />
        <Segmented<GridMeasure>
          size="small"
          value={measure}
          options={[
            { value: 'count', label: '按数量' },
            { value: 'area', label: '按面积' },
            { value: 'percent', label: '按覆盖率' },
          ]}
          onChange={onMeasure}
          aria-label="网格着色依据"
          data-testid="grid-measure"
        />
      </div>
      {error && !grid ? (
        <LoadFailed title="网格统计加载失败" onRetry={onRetry} testId="grid-error" />
      ) : !grid ? (
        <div className="monitor-side__state" data-testid="grid-loading">
          <Spin description="正在统计网格…" size="large">
            <div className="monitor-side__spin" />
          </Spin>
        </div>
      ) : (
        <>
          <p className="monitor-statistics__total" data-testid="grid-total">
            {grid.batch ? `${grid.batch.typeName}，` : ''}
            {grid.name}共 <b>{formatCount(grid.total.count)}</b> 个图斑，面积{' '}
            {formatM2(grid.total.areaM2)}（{formatMu(grid.total.areaM2)}），分布于{' '}
            {formatCount(grid.cells.length)} 个网格
          </p>
          {grid.cells.length === 0 && (
            <Alert type="info" showIcon title="该批次在此范围内暂无图斑" data-testid="grid-empty" />
          )}
          <h3 className="monitor-grid__title">图斑最密集的 {DENSEST_COUNT} 个网格</h3>
          <Table<GridCell>
            rowKey={(cell) => `${cell.x}/${cell.y}`}
            size="small"
            loading={loading}
            pagination={false}
            dataSource={densestCells(grid.cells, measure)}
            data-testid="grid-densest"
            locale={{ emptyText: '暂无网格' }}
            onRow={(cell) => ({
              onClick: () => onCell(cell),
              className: 'monitor-detail__row',
              'data-testid': 'grid-cell-row',
            })}
            columns={[
              {
                title: '网格（列, 行）',
                key: 'cell',
                render: (_, cell) => (
                  <a aria-label={`定位到网格 ${cell.x}, ${cell.y}`}>
                    {cell.x}, {cell.y}
                  </a>
                ),
              },
              { title: '图斑数', dataIndex: 'count', align: 'right', render: formatCount },
              { title: '面积（亩）', dataIndex: 'areaM2', align: 'right', render: formatMuValue },
              { title: '覆盖率', dataIndex: 'percent', align: 'right', render: formatPercent },
            ]}
          />
        </>
      )}
    </div>
  );
}
