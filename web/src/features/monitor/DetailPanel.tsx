// DETAIL beside the map: the filters (area within the caller's ranges, stage, spot type, file
// name), the legend, the exports of what is listed, and the list a page at a time; a row
// opens its spot.
import { useState } from 'react';
import { Input, Select, Table } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { DictItem } from '../../api/getDict';
import { LoadFailed } from '../../components/LoadFailed';
import { tablePagination } from '../../components/orders/paging';
import type { SpotSummary, ThemeInfo } from './api/types';
import { ExportButtons } from './ExportButtons';
import { formatMuValue } from '../../lib/figures';
import { RegionFilter } from './RegionFilter';
import { SpotLegend, type SpotLegendProps } from './SpotLegend';
import { nothingChecked, spotFilterQuery, type MonitorState } from './state';

export interface SpotPage {
  list: SpotSummary[];
  total: number;
}

export interface DetailPanelProps {
  theme: ThemeInfo;
  state: MonitorState;
  /** A filter changed (the list starts again at its first page). */
  onFilter: (change: Partial<Pick<MonitorState, 'region' | 'stage' | 'tblx' | 'filename'>>) => void;
  onPage: (paging: MonitorState['paging']) => void;
  /** The caller's regionId ranges: the only regions the area filter offers. */
  ranges: readonly string[];
  stages: readonly DictItem[];
  types: readonly DictItem[];
  legend: Omit<SpotLegendProps, 'legend'>;
  page: SpotPage | undefined;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  onOpen: (spot: SpotSummary) => void;
  /** The name of an export when the server gives none, without its ending. */
  exportName: string;
}

const options = (items: readonly DictItem[]) => items.map(({ value, label }) => ({ value, label }));

export function DetailPanel({
  theme,
  state,
  onFilter,
  onPage,
  ranges,
  stages,
  types,
  legend,
  page,
  loading,
  error,
  onRetry,
  onOpen,
  exportName,
}: DetailPanelProps) {
  const [filename, setFilename] = useState(state.filename);
  const none = nothingChecked(state.legend);
  return (
    <div className="monitor-detail" data-testid="detail-panel">
      <div className="monitor-detail__filters" data-testid="detail-filters">
        <RegionFilter
          region={state.region}
          ranges={ranges}
          onRegion={(region) => onFilter({ region })}
        />
        <Select
          allowClear
          placeholder="阶段"
          value={state.stage}
          options={options(stages)}
          onChange={(stage?: string) => onFilter({ stage: stage ?? null })}
          data-testid="filter-stage"
        />
        {theme.typeDict && (
          <Select
            allowClear
            placeholder="图斑类型"
            value={state.tblx}
            options={options(types)}
            onChange={(tblx?: string) => onFilter({ tblx: tblx ?? null })}
            data-testid="filter-type"
          />
        )}
        <Input.Search
          allowClear
          placeholder="文件名"
          value={filename}
          onChange={(event) => setFilename(event.target.value)}
          onSearch={(value) => onFilter({ filename: value })}
          enterButton={<SearchOutlined aria-label="按文件名筛选" />}
          data-testid="filter-filename"
        />
      </div>
      <SpotLegend legend={state.legend} {...legend} />
      <ExportButtons
        theme={theme.name}
        query={spotFilterQuery(state)}
        baseName={exportName}
        disabled={none || !page?.total}
      />
      {error && !page ? (
        <LoadFailed title="图斑列表加载失败" onRetry={onRetry} testId="spots-error" />
      ) : (
        <Table<SpotSummary>
          rowKey="id"
          size="small"
          loading={loading}
          dataSource={none ? [] : (page?.list ?? [])}
          data-testid="spot-table"
          data-total={page?.total}
          locale={{ emptyText: none ? '请在图例中勾选要显示的图斑' : '暂无图斑' }}
          pagination={tablePagination(state.paging, none ? 0 : (page?.total ?? 0), onPage, '个')}
          onRow={(spot) => ({ onClick: () => onOpen(spot), className: 'monitor-detail__row' })}
          columns={[
            {
              title: '编号',
              dataIndex: 'id',
              render: (id: number) => (
                <a data-testid="spot-row" data-id={id}>
                  {id}
                </a>
              ),
            },
            { title: '行政区', dataIndex: 'regionName', ellipsis: true },
            ...(theme.typeDict ? [{ title: '类型', dataIndex: 'tblxLabel' }] : []),
            { title: '阶段', dataIndex: 'stageLabel' },
            { title: '变化', dataIndex: 'changeLabel' },
            {
              title: '面积（亩）',
              dataIndex: 'areaM2',
              align: 'right' as const,
              render: formatMuValue,
            },
          ]}
        />
      )}
    </div>
  );
}
