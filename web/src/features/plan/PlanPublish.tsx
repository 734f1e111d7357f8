// 计划发布 (/plan/publish, issue 19, managers): every unit's areas of a plan year on the map
// (coloured by state) and in a paged table, narrowed by the list's filters; where units ask
// for the same ground (overlap); the edit requests to grant or refuse; 发布, which makes every
// submitted area of the year part of the plan's next version, and the versions.
import { useMemo, useState } from 'react';
import { App, Button, Popconfirm, Select, Space, Table, Tabs } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormFailure, failureMessage } from '../../components/FormFailure';
import { LoadFailed } from '../../components/LoadFailed';
import { MapPageFrame } from '../../components/MapPageFrame';
import { MapView } from '../../components/map/MapView';
import { tablePagination, type Paging } from '../../components/orders/paging';
import { RegionPicker } from '../../components/RegionPicker/RegionPicker';
import { formatKm2 } from '../../lib/figures';
import { PLAN_AREAS_KEY, planAreasQueryOptions, planShapesQueryOptions } from './api/areas';
import {
  decideEdit,
  overlapQueryOptions,
  publicationsQueryOptions,
  publishPlan,
} from './api/manage';
import {
  CJLX_OPTIONS,
  DEFAULT_PLAN_YEAR,
  MONTH_OPTIONS,
  PLAN_STATES,
  PLAN_YEARS,
  RESOLUTIONS,
  UNIT_TYPES,
  type PlanArea,
  type PlanFilters,
} from './api/types';
import { AREA_COLUMNS } from './areaColumns';
import { planLayer } from './planMap';
import { ReasonDialog } from './ReasonDialog';
import { StateLegend } from './StateTag';
import './PlanPages.css';

const FIRST_PAGE: Paging = { pageNum: 1, pageSize: 10 };

/** The filters a manager opens the page with: the year, every unit, every area. */
const INITIAL: PlanFilters & { planYear: number } = { planYear: DEFAULT_PLAN_YEAR };

function Filters({
  filters,
  onChange,
}: {
  filters: PlanFilters & { planYear: number };
  onChange: (next: PlanFilters & { planYear: number }) => void;
}) {
  const set = (patch: Partial<PlanFilters>) => onChange({ ...filters, ...patch });
  return (
    <div className="plan-filters" data-testid="plan-filters">
      <Space wrap size={[8, 8]}>
        <Select
          value={filters.planYear}
          onChange={(planYear) => set({ planYear })}
          options={PLAN_YEARS.map((value) => ({ value, label: `${value} 年` }))}
          style={{ width: 100 }}
          aria-label="计划年度"
          data-testid="plan-year"
        />
        <RegionPicker
          value={filters.regionId ?? null}
          onChange={(path) => set({ regionId: path[path.length - 1]?.id })}
          includeCountry
          placeholder="区域（全国）"
          style={{ width: 200 }}
        />
        <Select
          allowClear
          placeholder="单位级别"
          value={filters.unitType}
          onChange={(unitType) => set({ unitType })}
          options={UNIT_TYPES.map((value) => ({ value, label: value }))}
          style={{ width: 110 }}
          data-testid="plan-unit-type"
        />
        <Select
          allowClear
          placeholder="分辨率"
          value={filters.resolutiontype}
          onChange={(resolutiontype) => set({ resolutiontype })}
          options={RESOLUTIONS.map(({ value, label }) => ({ value, label }))}
          style={{ width: 120 }}
          data-testid="plan-resolution-filter"
        />
        <Select
          value={filters.month ?? 'qb'}
          onChange={(month) => set({ month })}
          options={[
            { value: 'qb', label: '全部月份' },
            ...MONTH_OPTIONS.map(({ value, label }) => ({ value: String(value), label })),
          ]}
          style={{ width: 110 }}
          data-testid="plan-month-filter"
        />
        <Select
          allowClear
          placeholder="采集类型"
          value={filters.cjlx}
          onChange={(cjlx) => set({ cjlx })}
          options={CJLX_OPTIONS}
          style={{ width: 110 }}
          data-testid="plan-cjlx-filter"
        />
        <Select
          value={filters.overlap ?? 0}
          onChange={(overlap) => set({ overlap })}
          options={[
            { value: 0, label: '全部范围' },
            { value: 1, label: '仅重叠范围' },
          ]}
          style={{ width: 120 }}
          data-testid="plan-overlap-filter"
        />
        <Select
          allowClear
          placeholder="状态"
          value={filters.state}
          onChange={(state) => set({ state })}
          options={PLAN_STATES.map(({ value, label }) => ({ value, label }))}
          style={{ width: 110 }}
          data-testid="plan-state-filter"
        />
      </Space>
    </div>
  );
}

function Overlap({ planYear }: { planYear: number }) {
  const overlap = useQuery(overlapQueryOptions(planYear));
  if (overlap.isError)
    return (
      <LoadFailed
        title="重叠统计加载失败"
        description={failureMessage(overlap.error)}
        onRetry={() => void overlap.refetch()}
        testId="plan-overlap-failed"
      />
    );
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Table
        size="small"
        rowKey="unitCode"
        loading={overlap.isPending}
        dataSource={overlap.data?.units}
        pagination={false}
        data-testid="plan-overlap-units"
        locale={{ emptyText: `${planYear} 年尚无已提交的需求` }}
        columns={[
          { title: '单位', dataIndex: 'unitName' },
          { title: '范围数', dataIndex: 'areas' },
          { title: '需求面积', dataIndex: 'areaKm2', render: formatKm2 },
        ]}
      />
      <Table
        size="small"
        rowKey={(pair) => `${pair.unitA}-${pair.unitB}`}
        loading={overlap.isPending}
        dataSource={overlap.data?.pairs}
        pagination={false}
        data-testid="plan-overlap-pairs"
        locale={{ emptyText: '各单位需求没有重叠' }}
        columns={[
          { title: '单位', dataIndex: 'nameA' },
          { title: '与单位', dataIndex: 'nameB' },
          { title: '重叠面积', dataIndex: 'areaKm2', render: formatKm2 },
        ]}
      />
    </Space>
  );
}

function Versions({ planYear }: { planYear: number }) {
  const versions = useQuery(publicationsQueryOptions(planYear));
  if (versions.isError)
    return (
      <LoadFailed
        title="发布版本加载失败"
        onRetry={() => void versions.refetch()}
        testId="plan-versions-failed"
      />
    );
  return (
    <Table
      size="small"
      rowKey="id"
      loading={versions.isPending}
      dataSource={versions.data}
      pagination={false}
      data-testid="plan-versions"
      locale={{ emptyText: `${planYear} 年计划尚未发布` }}
      columns={[
        { title: '版本', dataIndex: 'version', render: (version: number) => `第 ${version} 版` },
        { title: '发布时间', dataIndex: 'publishedAt' },
        { title: '发布人', dataIndex: 'publisher' },
        { title: '范围数', dataIndex: 'areas' },
        { title: '面积', dataIndex: 'areaKm2', render: formatKm2 },
      ]}
    />
  );
}

/** 发布 with its confirmation: how many submitted areas become which version. */
function PublishButton({ planYear }: { planYear: number }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const submitted = useQuery(planAreasQueryOptions({ planYear, state: 'submitted' }, 1, 1));
  const versions = useQuery(publicationsQueryOptions(planYear));
  const count = submitted.data?.total ?? 0;
  const next = (versions.data?.[0]?.version ?? 0) + 1;
  const publish = useMutation({
    mutationFn: () => publishPlan(planYear),
    onSuccess: (publication) =>
      void message.success(`${planYear} 年计划第 ${publication.version} 版已发布`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: PLAN_AREAS_KEY }),
  });
  return (
    <Popconfirm
      title={`将 ${count} 个已提交的需求范围发布为 ${planYear} 年计划第 ${next} 版？发布后不可修改。`}
      okText="发布"
      cancelText="取消"
      disabled={count === 0}
      onConfirm={() => publish.mutate()}
    >
      <Button
        type="primary"
        disabled={count === 0}
        loading={publish.isPending}
        data-testid="plan-publish-button"
      >
        发布{count > 0 ? `（${count}）` : ''}
      </Button>
    </Popconfirm>
  );
}

export function PlanPublish({ title }: { title: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState(INITIAL);
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [refusing, setRefusing] = useState<PlanArea | null>(null);

  const list = useQuery(planAreasQueryOptions(filters, paging.pageNum, paging.pageSize));
  const shapes = useQuery(planShapesQueryOptions(filters));
  const plan = useMemo(() => (shapes.data ? planLayer(shapes.data) : null), [shapes.data]);
  const layers = useMemo(() => (plan ? [plan.layer] : []), [plan]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: PLAN_AREAS_KEY });
  const grant = useMutation({
    mutationFn: (area: PlanArea) => decideEdit(area.id, 'grant'),
    onSuccess: () => void message.success('已同意修改，范围退回草稿'),
    onSettled: refresh,
  });

  const areas = list.isError ? (
    <LoadFailed
      title="需求范围加载失败"
      description={failureMessage(list.error)}
      onRetry={() => void list.refetch()}
      testId="plan-publish-failed"
    />
  ) : (
    <>
      <FormFailure error={grant.error} testId="plan-decide-failure" />
      <Table<PlanArea>
        size="small"
        rowKey="id"
        loading={list.isPending}
        dataSource={list.data?.list}
        data-testid="plan-publish-table"
        locale={{ emptyText: '没有符合条件的需求范围' }}
        pagination={tablePagination(paging, list.data?.total ?? 0, setPaging, '个')}
        columns={[
          { title: '单位', dataIndex: 'unitName' },
          ...AREA_COLUMNS,
          {
            title: '操作',
            key: 'actions',
            render: (_, area) =>
              area.state === 'editRequested' && (
                <Space size={4}>
                  <Popconfirm
                    title={`同意「${area.name}」的修改申请？范围将退回草稿。`}
                    okText="同意"
                    cancelText="取消"
                    onConfirm={() => grant.mutate(area)}
                  >
                    <Button size="small" type="link" data-testid="plan-grant">
                      同意
                    </Button>
                  </Popconfirm>
                  <Button
                    size="small"
                    type="link"
                    danger
                    onClick={() => setRefusing(area)}
                    data-testid="plan-refuse"
                  >
                    拒绝
                  </Button>
                </Space>
              ),
          },
        ]}
      />
    </>
  );

  const side = (
    <div className="plan-side">
      <Filters
        filters={filters}
        onChange={(next) => {
          setFilters(next);
          setPaging(FIRST_PAGE);
        }}
      />
      <div className="plan-side__head">
        <StateLegend />
        <PublishButton planYear={filters.planYear} />
      </div>
      <Tabs
        size="small"
        items={[
          { key: 'areas', label: '需求范围', children: areas },
          { key: 'overlap', label: '重叠统计', children: <Overlap planYear={filters.planYear} /> },
          {
            key: 'versions',
            label: '发布版本',
            children: <Versions planYear={filters.planYear} />,
          },
        ]}
      />
      {refusing && (
        <ReasonDialog
          title={`拒绝「${refusing.name}」的修改申请`}
          label="拒绝理由"
          okText="拒绝"
          onSubmit={(reason) => decideEdit(refusing.id, 'refuse', reason)}
          onDone={() => {
            setRefusing(null);
            void message.success('已拒绝修改申请');
            void refresh();
          }}
          onCancel={() => setRefusing(null)}
        />
      )}
    </div>
  );

  return (
    <MapPageFrame
      className="plan-page"
      testId="plan-publish"
      title={title}
      side={side}
      map={<MapView extent={plan?.box} layers={layers} />}
    />
  );
}
