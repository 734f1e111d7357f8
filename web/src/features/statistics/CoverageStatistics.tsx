// /statistics/coverage-statics (spec §2, issue 18): how much of the country, a province, a city
// or a county the catalogue's scenes of a year or quarter cover, for a resolution class and a
// cloud limit. The regions one level down are a choropleth of their covered share (spec §9's
// ten classes, 0–100 %), a table to sort, drill into and export, and the share of the region
// shown quarter by quarter. The covered part itself can be laid over the map (the server's
// `coverage` layer of the period counted).
import { lazy, Suspense, useMemo, useState } from 'react';
import { Breadcrumb, Button, Select, Space, Switch, Table, type TableProps } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDict } from '../../api/getDict';
import { LoadFailed } from '../../components/LoadFailed';
import { MapPageFrame } from '../../components/MapPageFrame';
import { MapView } from '../../components/map/MapView';
import { ClassLegend } from '../../components/map/ClassLegend';
import { fillByCode, legendClasses, regionChoropleth } from '../../components/map/choropleth';
import { tilesOf } from '../../components/map/tiles';
import type { MapLayer } from '../../components/map/types';
import { useRegionFocus } from '../../components/map/useRegionFocus';
import { csvBlob } from '../../lib/csv';
import { saveFile } from '../../lib/saveFile';
import {
  coverageQueryOptions,
  quarterTrendQueryOptions,
  type CoverageQuery,
  type RegionCoverage,
} from './api/getCoverage';
import {
  CLOUDS,
  EXPORT_HEADER,
  QUARTERS,
  RESOLUTIONS,
  exportName,
  exportRows,
  km2,
  percent,
} from './coverage';
import './CoverageStatistics.css';

const CoverageTrend = lazy(() => import('./CoverageTrend'));

/** The country: where the page starts. */
const COUNTRY = { regionId: '100000', name: '全国' };
/** Shares are coloured on fixed classes of 10 % each. */
const FULL = 1;
/** The choropleth's layer: clicking a region reports its code. */
const REGIONS_LAYER = 'coverage-regions';

export function CoverageStatistics() {
  const years = useDict('COVERAGE_YEAR');
  const yearOptions = (years.data ?? []).map((item) => ({
    value: Number(item.value),
    label: item.label,
  }));
  const [chosenYear, setYear] = useState<number | null>(null);
  // The newest year of the dictionary until one is chosen.
  const year = chosenYear ?? yearOptions.at(-1)?.value ?? null;
  const [quarter, setQuarter] = useState(0);
  const [resolution, setResolution] = useState(0);
  const [cloud, setCloud] = useState(100);
  const [path, setPath] = useState<{ regionId: string; name: string }[]>([COUNTRY]);
  const [showCovered, setShowCovered] = useState(false);
  const region = path.at(-1) ?? COUNTRY;
  const query: CoverageQuery | null = year === null ? null : { year, quarter, resolution, cloud };

  const statistics = useQuery({
    ...coverageQueryOptions(query ?? { year: 0, quarter, resolution, cloud }, region.regionId),
    enabled: query !== null,
  });
  // The region's share in each quarter of the year, for the trend, once the page's own
  // statistics have arrived.
  const queryClient = useQueryClient();
  const trend = useQuery({
    ...quarterTrendQueryOptions(
      queryClient,
      { year: year ?? 0, resolution, cloud },
      region.regionId,
    ),
    enabled: query !== null && statistics.isSuccess,
  });
  const focus = useRegionFocus(region.regionId === COUNTRY.regionId ? null : region.regionId);

  const children = statistics.data?.children;
  const layers = useMemo<MapLayer[]>(() => {
    if (!children || year === null) return [];
    const fill = fillByCode(
      children.map((row) => [row.regionId, row.ratio] as const),
      FULL,
      'green',
    );
    const codes = children.map((row) => row.regionId);
    const shown = [regionChoropleth(REGIONS_LAYER, codes, fill, origin())];
    if (showCovered)
      shown.push({
        id: 'coverage-covered',
        kind: 'vector',
        tiles: tilesOf(origin(), 'coverage', { year, quarter, resolution, cloud }),
        sourceLayer: 'coverage',
        paint: { fillColor: '#1677ff', fillOpacity: 0.35 },
      });
    return shown;
  }, [children, year, quarter, resolution, cloud, showCovered]);

  const drill = (row: RegionCoverage) => {
    if (row.hasChildren) setPath([...path, { regionId: row.regionId, name: row.name }]);
  };
  const clickMap = ({ layer, id }: { layer: string; id: string }) => {
    const row = children?.find((candidate) => candidate.regionId === id);
    if (layer === REGIONS_LAYER && row) drill(row);
  };

  const columns: TableProps<RegionCoverage>['columns'] = [
    {
      title: '行政区',
      dataIndex: 'name',
      render: (name: string, row) =>
        row.hasChildren ? (
          <Button type="link" size="small" onClick={() => drill(row)}>
            {name}
          </Button>
        ) : (
          name
        ),
    },
    {
      title: '面积（km²）',
      dataIndex: 'areaKm2',
      align: 'right',
      render: km2,
      sorter: (a, b) => a.areaKm2 - b.areaKm2,
    },
    {
      title: '覆盖面积（km²）',
      dataIndex: 'coveredKm2',
      align: 'right',
      render: km2,
      sorter: (a, b) => a.coveredKm2 - b.coveredKm2,
    },
    {
      title: '覆盖率',
      dataIndex: 'ratio',
      align: 'right',
      render: percent,
      sorter: (a, b) => a.ratio - b.ratio,
      defaultSortOrder: 'descend',
    },
  ];

  const summary = statistics.data?.region;
  const side = (
    <div className="coverage-side">
      <Space wrap size={8} className="coverage-filters">
        <Select
          aria-label="年份"
          value={year ?? undefined}
          options={yearOptions}
          loading={years.isPending}
          onChange={setYear}
          style={{ width: 100 }}
          data-testid="coverage-year"
        />
        <Select
          aria-label="季度"
          value={quarter}
          options={[...QUARTERS]}
          onChange={setQuarter}
          style={{ width: 110 }}
          data-testid="coverage-quarter"
        />
        <Select
          aria-label="分辨率"
          value={resolution}
          options={[...RESOLUTIONS]}
          onChange={setResolution}
          style={{ width: 120 }}
          data-testid="coverage-resolution"
        />
        <Select
          aria-label="云量"
          value={cloud}
          options={[...CLOUDS]}
          onChange={setCloud}
          style={{ width: 120 }}
          data-testid="coverage-cloud"
        />
      </Space>
      <Breadcrumb
        className="coverage-path"
        data-testid="coverage-path"
        items={path.map((step, index) => ({
          title:
            index < path.length - 1 ? (
              <a onClick={() => setPath(path.slice(0, index + 1))}>{step.name}</a>
            ) : (
              step.name
            ),
        }))}
      />
      {statistics.isError ? (
        <LoadFailed
          title="覆盖统计加载失败"
          onRetry={() => void statistics.refetch()}
          testId="coverage-failed"
        />
      ) : (
        <>
          <p className="coverage-summary" data-testid="coverage-summary">
            {summary
              ? `${summary.name}覆盖率 ${percent(summary.ratio)}，覆盖 ${km2(summary.coveredKm2)} / ${km2(summary.areaKm2)} km²，统计影像 ${statistics.data?.scenes.toLocaleString('zh-CN')} 景`
              : '正在统计…'}
          </p>
          <div className="coverage-table-head">
            <Switch
              checked={showCovered}
              onChange={setShowCovered}
              checkedChildren="显示覆盖范围"
              unCheckedChildren="显示覆盖范围"
              data-testid="coverage-show-covered"
            />
            <Button
              icon={<DownloadOutlined />}
              disabled={!children?.length || !query}
              onClick={() =>
                query &&
                children &&
                saveFile(
                  csvBlob(EXPORT_HEADER, exportRows(children)),
                  exportName(region.name, query.year, query.quarter),
                )
              }
              data-testid="coverage-export"
            >
              导出表格
            </Button>
          </div>
          <Table<RegionCoverage>
            rowKey="regionId"
            size="small"
            columns={columns}
            dataSource={children}
            loading={statistics.isFetching}
            pagination={false}
            scroll={{ y: 360 }}
            locale={{ emptyText: '没有下级行政区' }}
            data-testid="coverage-table"
          />
          <h2 className="coverage-trend-title">{region.name}各季度覆盖率</h2>
          <Suspense fallback={<p>正在加载图表…</p>}>
            <CoverageTrend
              ratios={trend.data ?? [null, null, null, null]}
              label={`${region.name}${year ?? ''}年各季度覆盖率`}
            />
          </Suspense>
        </>
      )}
    </div>
  );

  return (
    <MapPageFrame
      className="coverage"
      testId="coverage-page"
      title="覆盖统计"
      side={side}
      map={
        <MapView
          extent={focus.extent}
          highlight={focus.highlight}
          layers={layers}
          onFeatureClick={clickMap}
        >
          <ClassLegend
            classes={legendClasses(FULL, 'green')}
            title="覆盖率（%）"
            format={(value) => String(Math.round(value * 100))}
          />
        </MapView>
      }
    />
  );
}

function origin(): string {
  return window.location.origin;
}
