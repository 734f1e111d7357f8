// 新建图斑批次 (managers): a name, a monitoring theme, which of its spots (the spot batch, the
// theme's latest unless chosen; a region; a stage; a spot type, as the monitoring pages offer
// them) and the nodes (from the public node list). The batch is made prepared (未下发); 下发
// sends it. The server's refusal (too many spots, an unknown node) shows in the dialog.
import { useEffect } from 'react';
import { Form, Input, Modal, Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dictQueryOptions } from '../../../api/getDict';
import { pushNodesQueryOptions } from '../../../api/getPushNodes';
import { batchesQueryOptions } from '../../../api/getSpotBatches';
import { themesQueryOptions } from '../../../api/getSpotThemes';
import { FormFailure } from '../../../components/FormFailure';
import { RegionPicker, type RegionChoice } from '../../../components/RegionPicker/RegionPicker';
import { createSpotBatch, SPOTCHECK_KEY } from './api/batches';
import type { SpotBatch, ThemeName } from './api/types';

/** Most nodes one batch names (the server's bound). */
const MAX_NODES = 64;

interface BatchFields {
  name: string;
  theme?: ThemeName;
  batch?: string;
  xzqdm?: string | null;
  stage?: string;
  tblx?: string;
  nodes: number[];
}

const options = (items: { value: string; label: string }[] | undefined) =>
  (items ?? []).map((item) => ({ value: item.value, label: item.label }));

export function NewSpotBatchDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (batch: SpotBatch) => void;
}) {
  const [form] = Form.useForm<BatchFields>();
  const queryClient = useQueryClient();
  const themeName = Form.useWatch('theme', form);
  const themes = useQuery({ ...themesQueryOptions(), enabled: open });
  const theme = themes.data?.find((item) => item.name === themeName);
  const nodes = useQuery({ ...pushNodesQueryOptions, enabled: open });
  const batches = useQuery({
    ...batchesQueryOptions(themeName ?? 'landcover'),
    enabled: open && themeName !== undefined,
  });
  const stages = useQuery({
    ...dictQueryOptions(theme?.stageDict ?? ''),
    enabled: open && Boolean(theme?.stageDict),
  });
  const types = useQuery({
    ...dictQueryOptions(theme?.typeDict ?? ''),
    enabled: open && Boolean(theme?.typeDict),
  });
  const create = useMutation({
    mutationFn: createSpotBatch,
    onSuccess: async (batch) => {
      await queryClient.invalidateQueries({ queryKey: SPOTCHECK_KEY });
      onCreated(batch);
    },
  });
  const close = () => {
    create.reset();
    onClose();
  };

  // A new theme: its latest spot batch, and no stage or type of another theme.
  const latest = batches.data?.[0]?.id;
  useEffect(() => {
    if (!open || themeName === undefined) return;
    form.setFieldsValue({ batch: latest, stage: undefined, tblx: undefined });
  }, [form, open, themeName, latest]);

  const submit = (fields: BatchFields) => {
    if (!fields.theme) return;
    create.mutate({
      name: fields.name.trim(),
      theme: fields.theme,
      filter: {
        batch: fields.batch ?? null,
        xzqdm: fields.xzqdm ?? null,
        stage: fields.stage ?? null,
        tblx: fields.tblx ?? null,
      },
      nodes: fields.nodes,
    });
  };

  return (
    <Modal
      open={open}
      title="新建图斑批次"
      okText="创建"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'spot-create-ok' }}
    >
      <div data-testid="spot-create-dialog">
        <FormFailure error={create.error} testId="spot-create-failed" />
        <Form<BatchFields>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ name: '', nodes: [] }}
          onFinish={submit}
        >
          <Form.Item
            name="name"
            label="批次名称"
            rules={[
              { required: true, whitespace: true, message: '请输入批次名称' },
              { max: 100, message: '批次名称最多100个字符' },
            ]}
          >
            <Input maxLength={100} showCount data-testid="spot-create-name" />
          </Form.Item>
          <Form.Item
            name="theme"
            label="监测专题"
            rules={[{ required: true, message: '请选择监测专题' }]}
          >
            <Select
              placeholder="选择监测专题"
              loading={themes.isPending}
              options={(themes.data ?? []).map((item) => ({ value: item.name, label: item.title }))}
              data-testid="spot-create-theme"
            />
          </Form.Item>
          <Form.Item name="batch" label="图斑批次" extra="默认为该专题的最新批次">
            <Select
              placeholder={themeName ? '最新批次' : '请先选择监测专题'}
              disabled={!themeName}
              loading={batches.isFetching}
              options={(batches.data ?? []).map((item) => ({
                value: item.id,
                label: item.typeName,
              }))}
              data-testid="spot-create-batch"
            />
          </Form.Item>
          <Form.Item
            name="xzqdm"
            label="行政区"
            extra="不选则为全国；每个节点只接收其行政区内的图斑"
            getValueFromEvent={(path: RegionChoice[]) => path.at(-1)?.id ?? null}
          >
            <RegionPicker placeholder="全国" />
          </Form.Item>
          <Form.Item name="stage" label="阶段">
            <Select
              allowClear
              placeholder="全部阶段"
              disabled={!theme}
              options={options(stages.data)}
              data-testid="spot-create-stage"
            />
          </Form.Item>
          {theme?.typeDict && (
            <Form.Item name="tblx" label="图斑类型">
              <Select
                allowClear
                placeholder="全部类型"
                options={options(types.data)}
                data-testid="spot-create-type"
              />
            </Form.Item>
          )}
          <Form.Item
            name="nodes"
            label="推送节点"
            rules={[
              { required: true, message: '请选择推送节点' },
              { type: 'array', max: MAX_NODES, message: `一次最多推送到${MAX_NODES}个节点` },
            ]}
          >
            <Select
              mode="multiple"
              placeholder="选择接收图斑的省级节点"
              loading={nodes.isPending}
              optionFilterProp="label"
              options={(nodes.data ?? []).map((node) => ({
                value: node.id,
                label: `${node.name}（${node.regionName ?? node.regionId}）`,
              }))}
              data-testid="spot-create-nodes"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
