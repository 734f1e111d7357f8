// 计划填报's form: one area of need (a new draft, or a draft being edited) — its shape, drawn
// on the map or read from a file, its name, resolution class, months, acquisition type and
// purpose. 保存草稿 sends it to save/{year}; the server's refusal (outside the range, too many
// vertices, a state that cannot change) shows above the form.
import { useEffect } from 'react';
import { Button, Checkbox, Form, Input, Radio, Segmented, Select, Space } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { MultiPolygon, Polygon } from 'geojson';
import { FormFailure } from '../../components/FormFailure';
import { ShapeUpload } from '../../components/ShapeUpload';
import { processPlanShape, savePlanArea } from './api/areas';
import {
  CJLX_OPTIONS,
  MONTH_OPTIONS,
  RESOLUTIONS,
  type Cjlx,
  type PlanArea,
  type ProcessedShape,
} from './api/types';

/** The server's bounds on a name and a purpose. */
const NAME_MAX = 50;
const PURPOSE_MAX = 500;

/** Where the area's shape comes from. */
export type ShapeSource = 'draw' | 'upload';

interface FormValues {
  name: string;
  resolution: number;
  wholeYear: boolean;
  months: number[];
  cjlx: Cjlx;
  purpose: string;
}

const NEW_AREA: FormValues = {
  name: '',
  resolution: 2,
  wholeYear: true,
  months: [],
  cjlx: 'sc',
  purpose: '',
};

function valuesOf(area: PlanArea): FormValues {
  const wholeYear = area.monthCode === 'qb';
  return {
    name: area.name,
    resolution: area.resolution,
    wholeYear,
    months: wholeYear ? [] : area.months,
    cjlx: area.cjlx,
    purpose: area.purpose,
  };
}

export interface AreaFormProps {
  year: number;
  /** The draft being edited; null: a new one. */
  editing: PlanArea | null;
  /** The shape to save: drawn, uploaded, or the edited draft's own. */
  shape: Polygon | MultiPolygon | null;
  source: ShapeSource;
  onSourceChange: (source: ShapeSource) => void;
  uploaded: ProcessedShape | null;
  onUploaded: (shape: ProcessedShape) => void;
  onSaved: () => void;
  onCancelEdit: () => void;
}

export function AreaForm({
  year,
  editing,
  shape,
  source,
  onSourceChange,
  uploaded,
  onUploaded,
  onSaved,
  onCancelEdit,
}: AreaFormProps) {
  const [form] = Form.useForm<FormValues>();
  const wholeYear = Form.useWatch('wholeYear', form) ?? true;
  useEffect(() => form.setFieldsValue(editing ? valuesOf(editing) : NEW_AREA), [editing, form]);

  const save = useMutation({
    mutationFn: ({ values, area }: { values: FormValues; area: Polygon | MultiPolygon }) =>
      savePlanArea(year, {
        id: editing?.id ?? null,
        name: values.name.trim(),
        geojson: area,
        resolution: values.resolution,
        months: values.wholeYear ? [] : values.months,
        cjlx: values.cjlx,
        purpose: values.purpose.trim(),
      }),
    onSuccess: () => {
      form.setFieldsValue(NEW_AREA);
      onSaved();
    },
  });

  return (
    <section className="plan-fill__form" data-testid="plan-area-form">
      <h2>{editing ? `编辑草稿：${editing.name}` : '新增需求范围'}</h2>
      <FormFailure error={save.error} testId="plan-save-failure" />
      <Form<FormValues>
        form={form}
        layout="vertical"
        size="small"
        initialValues={NEW_AREA}
        onFinish={(values) => shape && save.mutate({ values, area: shape })}
      >
        <Form.Item
          label="需求范围"
          required
          name="shape"
          rules={[
            {
              validator: () =>
                shape
                  ? Promise.resolve()
                  : Promise.reject(new Error('请在地图上绘制或上传需求范围')),
            },
          ]}
        >
          <Space direction="vertical" style={{ width: '100%' }}>
            <Segmented<ShapeSource>
              block
              value={source}
              onChange={onSourceChange}
              options={[
                { value: 'draw', label: '地图绘制' },
                { value: 'upload', label: '上传文件' },
              ]}
              data-testid="plan-shape-source"
            />
            {source === 'draw' ? (
              <span className="plan-note" data-testid="plan-draw-hint">
                用地图上方的「矩形」或「多边形」绘制范围，重新绘制即替换
              </span>
            ) : (
              <ShapeUpload
                upload={processPlanShape}
                uploaded={uploaded}
                gone={null}
                onUploaded={onUploaded}
              />
            )}
            <span data-testid="plan-shape-state">
              {shape ? '已选定范围' : editing ? '沿用原范围' : '尚未选定范围'}
            </span>
          </Space>
        </Form.Item>
        <Form.Item
          name="name"
          label="名称"
          rules={[
            { required: true, whitespace: true, message: '请填写需求名称' },
            { max: NAME_MAX, message: `名称不能超过 ${NAME_MAX} 个字符` },
          ]}
        >
          <Input maxLength={NAME_MAX} data-testid="plan-name" />
        </Form.Item>
        <Form.Item name="resolution" label="分辨率" rules={[{ required: true }]}>
          <Select
            options={RESOLUTIONS.map(({ value, label }) => ({ value, label }))}
            data-testid="plan-resolution"
          />
        </Form.Item>
        <Form.Item name="wholeYear" label="采集时间">
          <Radio.Group
            options={[
              { value: true, label: '全年' },
              { value: false, label: '指定月份' },
            ]}
            data-testid="plan-whole-year"
          />
        </Form.Item>
        {!wholeYear && (
          <Form.Item
            name="months"
            rules={[{ required: true, type: 'array', min: 1, message: '请至少选择一个月份' }]}
          >
            <Checkbox.Group options={MONTH_OPTIONS} data-testid="plan-months" />
          </Form.Item>
        )}
        <Form.Item name="cjlx" label="采集类型">
          <Radio.Group options={CJLX_OPTIONS} data-testid="plan-cjlx" />
        </Form.Item>
        <Form.Item
          name="purpose"
          label="用途"
          rules={[{ max: PURPOSE_MAX, message: `用途不能超过 ${PURPOSE_MAX} 个字符` }]}
        >
          <Input.TextArea rows={2} maxLength={PURPOSE_MAX} data-testid="plan-purpose" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="plan-save">
            保存草稿
          </Button>
          {editing && (
            <Button onClick={onCancelEdit} data-testid="plan-cancel-edit">
              取消编辑
            </Button>
          )}
        </Space>
      </Form>
    </section>
  );
}
