// 总体计划 (/plan/overall, issue 19, managers): a year's published plan on the map and, per
// province, resolution class or year, the ground asked for against what the catalogue acquired,
// what remains to buy and what was pushed to the provinces, with the total.
import { useMemo, useState } from 'react';
import { Alert, Descriptions, Select, Space, Table } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { failureMessage } from '../../components/FormFailure';
import { LoadFailed } from '../../components/LoadFailed';
import { MapPageFrame } from '../../components/MapPageFrame';
import { MapView } from '../../components/map/MapView';
import { formatCount, formatKm2, formatRatio } from '../../lib/figures';
import { planShapesQueryOptions } from './api/areas';
import { overallQueryOptions, type OverallQuery } from './api/fulfil';
import { ANALYSES, DEFAULT_PLAN_YEAR, PLAN_YEARS, RESOLUTIONS, type OverallRow } from './api/types';
import { planLayer } from './planMap';
import { UnitsFilter } from './UnitsFilter';
import './PlanPages.css';

/** The spec's defaults: 2025, by province, provincial units, the whole country. */
const INITIAL: OverallQuery = {
  planYear: DEFAULT_PLAN_YEAR,
  analysisOption: 'province',
  unitType: '省级',
  regionId: '100000',
};

/** The first column's title per analysis. */
const KEY_TITLE = { province: '单位', resolution: '分辨率', year: '年度' } as const;

/** A part of the plan: its km² and, below, its share. */
function Part({ km2, share }: { km2: number; share: number }) {
  return (
    <>
      {formatKm2(km2)}
      <span className="plan-note plan-reason">{formatRatio(share)}</span>
    </>
  );
}

export function OverallPlan({ title }: { title: string }) {
  const [query, setQuery] = useState(INITIAL);
  const set = (patch: Partial<OverallQuery>) => setQuery((current) => ({ ...current, ...patch }));
  const overall = useQuery(overallQueryOptions(query));
  const shapes = useQuery(planShapesQueryOptions({ planYear: query.planYear, state: 'published' }));
  const plan = useMemo(() => (shapes.data ? planLayer(shapes.data) : null), [shapes.data]);
  const layers = useMemo(() => (plan ? [plan.layer] : []), [plan]);

  const total = overall.data?.total;
  const body = overall.isError ? (
    <LoadFailed
      title="总体计划加载失败"
      description={failureMessage(overall.error)}
      onRetry={() => void overall.refetch()}
      testId="overall-failed"
    />
  ) : (
    <>
      {total && (
        <Descriptions
          size="small"
          bordered
          column={2}
          data-testid="overall-total"
          items={[
            {
              key: 'version',
              label: `${query.planYear} 年计划`,
              children: overall.data?.version ? `第 ${overall.data.version} 版` : '尚未发布',
            },
            { key: 'areas', label: '需求范围', children: formatCount(total.areas) },
            { key: 'plan', label: '计划面积', children: formatKm2(total.planKm2) },
            {
              key: 'acquired',
              label: '已获取',
              children: `${formatKm2(total.acquiredKm2)}（${formatRatio(total.acquiredShare)}）`,
            },
            { key: 'purchase', label: '需采购', children: formatKm2(total.purchaseKm2) },
            {
              key: 'delivered',
              label: '已推送',
              children: `${formatKm2(total.deliveredKm2)}（${formatRatio(total.deliveredShare)}）`,
            },
          ]}
        />
      )}
      <Table<OverallRow>
        size="small"
        rowKey="key"
        loading={overall.isFetching}
        dataSource={overall.data?.rows}
        pagination={false}
        data-testid="overall-rows"
        locale={{ emptyText: `${query.planYear} 年没有符合条件的已发布需求范围` }}
        columns={[
          {
            title: KEY_TITLE[query.analysisOption],
            dataIndex: 'label',
            className: 'plan-nowrap',
          },
          { title: '范围数', dataIndex: 'areas', render: formatCount },
          { title: '计划面积', dataIndex: 'planKm2', render: formatKm2 },
          {
            title: '已获取',
            key: 'acquired',
            render: (_, row) => <Part km2={row.acquiredKm2} share={row.acquiredShare} />,
          },
          { title: '需采购', dataIndex: 'purchaseKm2', render: formatKm2 },
          {
            title: '已推送',
            key: 'delivered',
            render: (_, row) => <Part km2={row.deliveredKm2} share={row.deliveredShare} />,
          },
        ]}
      />
    </>
  );

  const side = (
    <div className="plan-side" data-testid="plan-overall">
      <Space wrap>
        <Select
          value={query.planYear}
          onChange={(planYear) => set({ planYear })}
          options={PLAN_YEARS.map((value) => ({ value, label: `${value} 年` }))}
          style={{ width: 110 }}
          aria-label="计划年度"
          data-testid="overall-year"
        />
        <Select
          value={query.analysisOption}
          onChange={(analysisOption) =>
            set({
              analysisOption,
              yearOption: analysisOption === 'year' ? query.planYear - 4 : undefined,
            })
          }
          options={ANALYSES}
          style={{ width: 110 }}
          aria-label="分析方式"
          data-testid="overall-analysis"
        />
        {query.analysisOption === 'year' && (
          <Select
            value={query.yearOption}
            onChange={(yearOption) => set({ yearOption })}
            options={PLAN_YEARS.filter(
              (value) => value <= query.planYear && query.planYear - value < 10,
            ).map((value) => ({ value, label: `自 ${value} 年` }))}
            style={{ width: 120 }}
            aria-label="起始年度"
            data-testid="overall-from"
          />
        )}
        <Select
          value={query.resolutiontype ?? 0}
          onChange={(value) => set({ resolutiontype: value || undefined })}
          options={[
            { value: 0, label: '全部分辨率' },
            ...RESOLUTIONS.map((entry) => ({ value: entry.value, label: entry.label })),
          ]}
          style={{ width: 130 }}
          aria-label="分辨率"
        />
        <UnitsFilter unitType={query.unitType} regionId={query.regionId} onChange={set} />
      </Space>
      <Alert
        type="info"
        showIcon
        title="按各单位最新发布版本的需求范围统计：已获取为当年影像目录中同分辨率、需求月份内影像的覆盖，需采购为其余部分，已推送为推送到该单位节点的光学影像的覆盖。地图显示计划年度已发布的需求范围。"
      />
      {body}
    </div>
  );

  return (
    <MapPageFrame
      className="plan-page"
      testId="plan-overall-page"
      title={title}
      side={side}
      map={<MapView extent={plan?.box} layers={layers} />}
    />
  );
}
