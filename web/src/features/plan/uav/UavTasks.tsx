// 无人机任务 (issue 19, UAV monitoring-area interpretation): the caller's tasks at the external
// drone service with their state, and a form that sends a new one — a name, a monitoring
// period and an area drawn on the map or uploaded. When no drone service is configured the
// page says so and asks nothing more. The server checks everything again (the area inside the
// caller's ranges); its refusal shows above the form.
import { useState } from 'react';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, Button, DatePicker, Form, Input, Result, Segmented, Table, Tag } from 'antd';
import { ReloadOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MultiPolygon, Polygon } from 'geojson';
import { uploadShape, type UploadedShape } from '../../../api/uploadShape';
import { FormFailure } from '../../../components/FormFailure';
import { LoadFailed } from '../../../components/LoadFailed';
import { MapPageFrame } from '../../../components/MapPageFrame';
import { ShapeUpload } from '../../../components/ShapeUpload';
import { Spinner } from '../../../components/Spinner';
import { bboxOf } from '../../../components/map/format';
import { MapToolbar } from '../../../components/map/MapToolbar';
import { MapView } from '../../../components/map/MapView';
import type { DrawMode, DrawnShape, MapLayer } from '../../../components/map/types';
import { addUavTask, uavStatusQuery, uavTasksQuery, type UavTask, type UavTaskStatus } from './api';
import './UavTasks.css';

/** Longest task name, as the server allows. */
export const MAX_NAME = 50;

const STATUS: Record<UavTaskStatus, { label: string; color: string }> = {
  queued: { label: '排队中', color: 'default' },
  flying: { label: '飞行中', color: 'processing' },
  processing: { label: '处理中', color: 'warning' },
  done: { label: '已完成', color: 'success' },
  failed: { label: '失败', color: 'error' },
};

type AreaMode = 'draw' | 'upload';

const AREA_MODES: { value: AreaMode; label: string }[] = [
  { value: 'draw', label: '绘制' },
  { value: 'upload', label: '上传文件' },
];

export interface TaskForm {
  name: string;
  period: [Dayjs, Dayjs] | null;
  mode: AreaMode;
  drawn: DrawnShape | null;
  uploaded: UploadedShape | null;
}

/** A new form: the period from today for a month, no name, no area. */
export function emptyForm(): TaskForm {
  const today = dayjs().startOf('day');
  return {
    name: '',
    period: [today, today.add(1, 'month')],
    mode: 'draw',
    drawn: null,
    uploaded: null,
  };
}

/** The area the form would send, if it has one. */
function areaOf(form: TaskForm): Polygon | MultiPolygon | null {
  if (form.mode === 'draw') return form.drawn?.geometry ?? null;
  return form.uploaded?.geojson ?? null;
}

/** What is wrong with the form before it is sent, or null. */
export function taskProblem(form: TaskForm): string | null {
  const name = form.name.trim();
  if (!name) return '请填写任务名称';
  if (name.length > MAX_NAME) return `任务名称最多 ${MAX_NAME} 个字符`;
  if (!form.period) return '请选择监测时段';
  const [start, end] = form.period;
  if (end.isBefore(start, 'day')) return '开始日期不能晚于结束日期';
  if (!end.isBefore(start.add(1, 'year'), 'day')) return '监测时段最长一年';
  if (!areaOf(form)) return form.mode === 'draw' ? '请在地图上绘制任务范围' : '请上传任务范围文件';
  return null;
}

const COLUMNS = [
  { title: '任务名称', dataIndex: 'name', key: 'name' },
  {
    title: '状态',
    dataIndex: 'status',
    key: 'status',
    render: (status: UavTaskStatus) => (
      <Tag color={STATUS[status].color} data-testid="uav-status-tag">
        {STATUS[status].label}
      </Tag>
    ),
  },
  {
    title: '监测时段',
    key: 'period',
    render: (_: unknown, task: UavTask) => `${task.start} 至 ${task.end}`,
  },
  {
    title: '创建时间',
    dataIndex: 'createdAt',
    key: 'createdAt',
    render: (at: string) => (dayjs(at).isValid() ? dayjs(at).format('YYYY-MM-DD HH:mm') : at),
  },
  {
    title: '解译结果',
    dataIndex: 'resultUrl',
    key: 'resultUrl',
    render: (url?: string) =>
      url ? (
        <a href={url} target="_blank" rel="noopener noreferrer">
          查看
        </a>
      ) : (
        '—'
      ),
  },
];

/** The caller's tasks, with 刷新; the service's failure in the table's place. */
function TaskList() {
  const tasks = useQuery(uavTasksQuery);
  return (
    <section className="uav__list" data-testid="uav-tasks">
      <div className="uav__list-head">
        <h2>我的任务</h2>
        <Button
          icon={<ReloadOutlined />}
          loading={tasks.isFetching}
          onClick={() => void tasks.refetch()}
          data-testid="uav-refresh"
        >
          刷新
        </Button>
      </div>
      {tasks.isError ? (
        <LoadFailed
          title="任务列表获取失败"
          description={tasks.error.message}
          onRetry={() => void tasks.refetch()}
          testId="uav-tasks-error"
        />
      ) : (
        <Table<UavTask>
          rowKey="id"
          size="small"
          columns={COLUMNS}
          dataSource={tasks.data ?? []}
          loading={tasks.isPending}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: '暂无无人机任务' }}
        />
      )}
    </section>
  );
}

/** The drone tasks page of the plan group: off, or the task list and the 新建任务 form. */
export function UavTasks({ title }: { title: string }) {
  const status = useQuery(uavStatusQuery);
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TaskForm>(emptyForm);
  const [problem, setProblem] = useState<string | null>(null);
  const [drawMode, setDrawMode] = useState<DrawMode>('polygon');
  const add = useMutation({
    mutationFn: addUavTask,
    onSuccess: () => {
      setForm(emptyForm());
      void queryClient.invalidateQueries({ queryKey: uavTasksQuery.queryKey });
    },
  });

  if (status.isPending) return <Spinner />;
  if (status.isError)
    return (
      <LoadFailed
        title="无人机服务状态获取失败"
        description={status.error.message}
        onRetry={() => void status.refetch()}
        testId="uav-status-error"
      />
    );
  if (!status.data.enabled)
    return (
      <Result
        status="info"
        title="未配置无人机服务"
        subTitle="无人机监测区解译需要外部无人机服务。请联系管理员配置服务地址和密钥后使用。"
        data-testid="uav-disabled"
      />
    );

  const change = (next: Partial<TaskForm>) => {
    setForm({ ...form, ...next });
    setProblem(null);
    add.reset();
  };
  const submit = () => {
    const found = taskProblem(form);
    setProblem(found);
    const area = areaOf(form);
    if (found || !form.period || !area) return;
    add.mutate({
      name: form.name.trim(),
      geojson: area,
      start: form.period[0].format('YYYY-MM-DD'),
      end: form.period[1].format('YYYY-MM-DD'),
    });
  };
  const uploaded = form.mode === 'upload' ? form.uploaded : null;
  const layers: MapLayer[] = uploaded
    ? [
        {
          id: 'uav-area',
          kind: 'geojson',
          data: { type: 'Feature', properties: {}, geometry: uploaded.geojson },
          paint: { fillColor: '#1677ff', fillOpacity: 0.12, lineColor: '#0b4aa2', lineWidth: 2 },
        },
      ]
    : [];

  return (
    <MapPageFrame
      className="uav"
      testId="uav-page"
      title={title}
      side={
        <Form layout="vertical" className="uav__form" data-testid="uav-form">
          <h2>新建任务</h2>
          <FormFailure error={add.error} testId="uav-refused" />
          {add.isSuccess && (
            <Alert
              type="success"
              showIcon
              title={`任务已提交（${add.data.id}）`}
              data-testid="uav-added"
            />
          )}
          <Form.Item label="任务名称" required>
            <Input
              value={form.name}
              maxLength={MAX_NAME}
              showCount
              onChange={(event) => change({ name: event.target.value })}
              data-testid="uav-name"
            />
          </Form.Item>
          <Form.Item label="监测时段" required>
            <DatePicker.RangePicker
              value={form.period}
              onChange={(range) =>
                change({ period: range?.[0] && range[1] ? [range[0], range[1]] : null })
              }
              data-testid="uav-period"
            />
          </Form.Item>
          <Form.Item label="任务范围" required>
            <Segmented<AreaMode>
              block
              value={form.mode}
              options={AREA_MODES}
              onChange={(mode) => {
                change({ mode });
                setDrawMode(mode === 'draw' ? 'polygon' : null);
              }}
              data-testid="uav-area-mode"
            />
            {form.mode === 'draw' ? (
              <p className="uav__note" data-testid="uav-draw-hint">
                {form.drawn
                  ? '已绘制任务范围；可在地图上重新绘制'
                  : '用地图左上角的「矩形」或「多边形」绘制任务范围'}
              </p>
            ) : (
              <ShapeUpload
                uploaded={form.uploaded}
                gone={null}
                onUploaded={(shape) => change({ uploaded: shape })}
                upload={uploadShape}
              />
            )}
          </Form.Item>
          {problem && <Alert type="warning" showIcon title={problem} data-testid="uav-problem" />}
          <Button
            type="primary"
            block
            icon={<SendOutlined />}
            loading={add.isPending}
            onClick={submit}
            data-testid="uav-submit"
          >
            提交任务
          </Button>
        </Form>
      }
      map={
        <div className="uav__main">
          <MapView
            className="uav__map"
            extent={uploaded ? bboxOf(uploaded.geojson.coordinates.flat()) : null}
            layers={layers}
            drawMode={form.mode === 'draw' ? drawMode : null}
            drawn={form.mode === 'draw' ? form.drawn : null}
            onDrawn={(shape) => {
              change({ drawn: shape });
              setDrawMode(null);
            }}
          >
            <MapToolbar
              drawMode={drawMode}
              {...(form.mode === 'draw' && {
                onDrawModeChange: setDrawMode,
                onClear: () => change({ drawn: null }),
                canClear: form.drawn !== null,
              })}
            />
          </MapView>
          <TaskList />
        </div>
      }
    />
  );
}
