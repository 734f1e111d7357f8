// 计划填报 (/plan/fill, issue 19): a unit's areas of need for a plan year. The map shows its
// areas coloured by state and takes a new one (drawn or uploaded); the form saves drafts; the
// table lists the areas with their steps: edit, delete and submit drafts (one or all), ask to
// edit a submitted one. The server decides every step and its refusals show here.
import { useMemo, useState } from 'react';
import { App, Button, Popconfirm, Select, Space, Table } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { MultiPolygon, Polygon } from 'geojson';
import { failureMessage } from '../../components/FormFailure';
import { LoadFailed } from '../../components/LoadFailed';
import { MapPageFrame } from '../../components/MapPageFrame';
import { getAreaRange } from '../../api/getAreaRange';
import { MapToolbar } from '../../components/map/MapToolbar';
import { MapView } from '../../components/map/MapView';
import { useRegionFocus } from '../../components/map/useRegionFocus';
import type { DrawMode, DrawnShape, MapLayer } from '../../components/map/types';
import { tablePagination, type Paging } from '../../components/orders/paging';

import { regionCodes } from '../../lib/monitoringRule';
import { useSession } from '../../lib/session';
import {
  PLAN_AREAS_KEY,
  applyEdit,
  deletePlanArea,
  planAreasQueryOptions,
  planShapesQueryOptions,
  submitPlanArea,
  submitPlanAreas,
} from './api/areas';
import { DEFAULT_PLAN_YEAR, PLAN_YEARS, type PlanArea, type ProcessedShape } from './api/types';
import { AreaForm, type ShapeSource } from './AreaForm';
import { AREA_COLUMNS } from './areaColumns';
import { planLayer } from './planMap';
import { ReasonDialog } from './ReasonDialog';
import { StateLegend } from './StateTag';
import './PlanPages.css';

const FIRST_PAGE: Paging = { pageNum: 1, pageSize: 10 };

/** The layer of the shape being drawn or uploaded, before it is saved. */
const NEW_SHAPE_LAYER = 'plan-new-shape';

export function PlanFill({ title }: { title: string }) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [year, setYear] = useState(DEFAULT_PLAN_YEAR);
  const [paging, setPaging] = useState(FIRST_PAGE);
  const [editing, setEditing] = useState<PlanArea | null>(null);
  const [source, setSource] = useState<ShapeSource>('draw');
  const [drawMode, setDrawMode] = useState<DrawMode>(null);
  const [drawn, setDrawn] = useState<DrawnShape | null>(null);
  const [uploaded, setUploaded] = useState<ProcessedShape | null>(null);
  const [asking, setAsking] = useState<PlanArea | null>(null);

  // The map opens on the unit's range (its first regionId range), where its areas must lie.
  const userId = useSession((state) => state.userInfo?.id ?? null);
  const ranges = useQuery({
    queryKey: ['plan', 'range', userId],
    queryFn: () => getAreaRange(userId ?? 0),
    enabled: userId !== null,
  });
  const focus = useRegionFocus(regionCodes(ranges.data ?? [])[0] ?? null);

  const filters = useMemo(() => ({ planYear: year }), [year]);
  const list = useQuery(planAreasQueryOptions(filters, paging.pageNum, paging.pageSize));
  const shapes = useQuery(planShapesQueryOptions(filters));
  const plan = useMemo(() => (shapes.data ? planLayer(shapes.data) : null), [shapes.data]);

  const editedShape = useMemo((): Polygon | MultiPolygon | null => {
    if (!editing) return null;
    const feature = shapes.data?.features.find((entry) => entry.id === String(editing.id));
    return feature?.geometry ?? null;
  }, [editing, shapes.data]);
  const shape = (source === 'draw' ? drawn?.geometry : uploaded?.geojson) ?? editedShape ?? null;

  const layers = useMemo((): MapLayer[] => {
    const laid: MapLayer[] = plan ? [plan.layer] : [];
    if (source === 'upload' && uploaded)
      laid.push({
        id: NEW_SHAPE_LAYER,
        kind: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: uploaded.geojson },
        paint: { fillColor: '#722ed1', fillOpacity: 0.2, lineColor: '#722ed1', lineWidth: 2 },
      });
    return laid;
  }, [plan, source, uploaded]);

  const refresh = () => queryClient.invalidateQueries({ queryKey: PLAN_AREAS_KEY });
  const clearShape = () => {
    setDrawn(null);
    setUploaded(null);
    setDrawMode(null);
  };
  const step = async (run: () => Promise<unknown>, done: string) => {
    try {
      await run();
      void message.success(done);
    } catch {
      // The client has shown the server's refusal.
    }
    await refresh();
  };

  const areas = list.data?.list ?? [];
  const drafts = areas.some((area) => area.state === 'draft');

  const table = list.isError ? (
    <LoadFailed
      title="需求范围加载失败"
      description={failureMessage(list.error)}
      onRetry={() => void list.refetch()}
      testId="plan-fill-failed"
    />
  ) : (
    <Table<PlanArea>
      size="small"
      rowKey="id"
      loading={list.isPending}
      dataSource={areas}
      data-testid="plan-fill-table"
      locale={{ emptyText: `${year} 年尚未填报需求范围` }}
      pagination={tablePagination(paging, list.data?.total ?? 0, setPaging, '个')}
      columns={[
        ...AREA_COLUMNS,
        {
          title: '操作',
          key: 'actions',
          render: (_, area) => (
            <Space size={4} wrap>
              {area.state === 'draft' && (
                <>
                  <Button
                    size="small"
                    type="link"
                    onClick={() => {
                      clearShape();
                      setEditing(area);
                    }}
                    data-testid="plan-edit"
                  >
                    编辑
                  </Button>
                  <Popconfirm
                    title={`提交「${area.name}」？提交后不能再修改，除非申请修改并获批准。`}
                    okText="提交"
                    cancelText="取消"
                    onConfirm={() => void step(() => submitPlanArea(area.id), '已提交')}
                  >
                    <Button size="small" type="link" data-testid="plan-submit-one">
                      提交
                    </Button>
                  </Popconfirm>
                  <Popconfirm
                    title={`删除草稿「${area.name}」？`}
                    okText="删除"
                    okButtonProps={{ danger: true }}
                    cancelText="取消"
                    onConfirm={() => void step(() => deletePlanArea(area.id), '已删除')}
                  >
                    <Button size="small" type="link" danger data-testid="plan-delete">
                      删除
                    </Button>
                  </Popconfirm>
                </>
              )}
              {area.state === 'submitted' && (
                <Button
                  size="small"
                  type="link"
                  onClick={() => setAsking(area)}
                  data-testid="plan-apply-edit"
                >
                  申请修改
                </Button>
              )}
            </Space>
          ),
        },
      ]}
    />
  );

  const side = (
    <div className="plan-side">
      <Space wrap>
        <span>计划年度</span>
        <Select
          value={year}
          onChange={(next) => {
            setYear(next);
            setPaging(FIRST_PAGE);
            setEditing(null);
          }}
          options={PLAN_YEARS.map((value) => ({ value, label: `${value} 年` }))}
          style={{ width: 110 }}
          data-testid="plan-year"
        />
        <StateLegend />
      </Space>
      <AreaForm
        year={year}
        editing={editing}
        shape={shape}
        source={source}
        onSourceChange={(next) => {
          setSource(next);
          setDrawMode(null);
        }}
        uploaded={uploaded}
        onUploaded={setUploaded}
        onSaved={() => {
          void message.success('草稿已保存');
          clearShape();
          setEditing(null);
          void refresh();
        }}
        onCancelEdit={() => {
          clearShape();
          setEditing(null);
        }}
      />
      <div className="plan-side__head">
        <h2>本单位需求范围</h2>
        <Popconfirm
          title={`提交 ${year} 年的全部草稿？提交后不能再修改，除非申请修改并获批准。`}
          okText="全部提交"
          cancelText="取消"
          disabled={!drafts}
          onConfirm={() => void step(() => submitPlanAreas(year), '草稿已全部提交')}
        >
          <Button size="small" disabled={!drafts} data-testid="plan-submit-all">
            全部提交
          </Button>
        </Popconfirm>
      </div>
      {table}
      {asking && (
        <ReasonDialog
          title={`申请修改「${asking.name}」`}
          label="修改原因"
          okText="提交申请"
          onSubmit={(reason) => applyEdit(asking.id, reason)}
          onDone={() => {
            setAsking(null);
            void message.success('修改申请已提交，等待管理员审批');
            void refresh();
          }}
          onCancel={() => setAsking(null)}
        />
      )}
    </div>
  );

  return (
    <MapPageFrame
      className="plan-page"
      testId="plan-fill"
      title={title}
      side={side}
      map={
        <MapView
          extent={focus.extent ?? plan?.box}
          highlight={focus.highlight}
          layers={layers}
          drawMode={source === 'draw' ? drawMode : null}
          drawn={drawn}
          onDrawn={(next) => {
            setDrawn(next);
            setDrawMode(null);
          }}
        >
          {source === 'draw' && (
            <MapToolbar
              drawMode={drawMode}
              onDrawModeChange={setDrawMode}
              onClear={() => setDrawn(null)}
              canClear={drawn !== null}
            />
          )}
        </MapView>
      }
    />
  );
}
