// One verification record in the side panel: the spot's facts, 定位 (the map zooms to it), the
// return reason while 已退回, what the node found (核查结果, 核实类型 from the theme's type
// dictionary, 备注, 位置: clicked on the map or typed), the photos (JPEG or PNG, at most 5 MB
// and 9, checked here before the server does; shown through the token-carrying API), the
// history, and the steps the user may take in the record's state: a node user 保存 and 提交,
// a manager 通过 and 退回 (with a reason). After a step everything of spot push refreshes.
import { useState } from 'react';
import {
  Alert,
  App,
  Button,
  Descriptions,
  Empty,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Spin,
  Tag,
  Timeline,
  Upload,
} from 'antd';
import {
  AimOutlined,
  ArrowLeftOutlined,
  CheckOutlined,
  DeleteOutlined,
  RollbackOutlined,
  SaveOutlined,
  SendOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { dictQueryOptions, useDict } from '../../../api/getDict';
import { LoadFailed } from '../../../components/LoadFailed';
import { formatM2, formatMu } from '../../../lib/figures';
import { SPOTCHECK_KEY } from './api/batches';
import {
  addPhoto,
  deletePhoto,
  photoQueryOptions,
  processSpotCheck,
  recordQueryOptions,
} from './api/records';
import type { CheckStep, ProcessSpotCheck, SpotCheck, SpotPhoto } from './api/types';
import { spotTitle } from './RecordList';
import { positionProblem } from './selection';
import {
  MAX_NOTE,
  managerMayReview,
  nodeMayEdit,
  photoRefusal,
  PHOTO_MAX_COUNT,
  STATE_TAGS,
} from './states';
import { STATE_LABELS } from '../../../lib/spotCheckStates';

/** Where the node's photos were taken, as the page edits it. */
export interface EditedPosition {
  lon: number | null;
  lat: number | null;
}

interface FindingFields {
  result?: number;
  verifiedType?: string;
  note?: string;
}

function PhotoThumb({
  photo,
  removable,
  onRemove,
}: {
  photo: SpotPhoto;
  removable: boolean;
  onRemove: () => void;
}) {
  const picture = useQuery(photoQueryOptions(photo.id));
  return (
    <div className="spot-photo" data-testid="spot-photo" data-id={photo.id}>
      {picture.data ? (
        <Image
          src={picture.data}
          width={88}
          height={88}
          alt={`照片 ${photo.createdAt}`}
          style={{ objectFit: 'cover' }}
        />
      ) : (
        <div className="spot-photo__placeholder">{picture.isError ? '无法显示' : <Spin />}</div>
      )}
      {removable && (
        <Popconfirm
          title="删除这张照片？"
          okText="删除"
          cancelText="取消"
          okButtonProps={{ danger: true, 'data-testid': 'spot-photo-delete-ok' }}
          onConfirm={onRemove}
        >
          <Button
            size="small"
            danger
            type="text"
            icon={<DeleteOutlined />}
            aria-label="删除照片"
            className="spot-photo__delete"
            data-testid="spot-photo-delete"
          />
        </Popconfirm>
      )}
    </div>
  );
}

function History({ steps }: { steps: CheckStep[] }) {
  if (steps.length === 0) return <div className="push-batch__facts">暂无处理记录</div>;
  return (
    <Timeline
      className="spot-history"
      data-testid="spot-history"
      items={steps.map((step, index) => ({
        key: index,
        color: step.to === 'returned' ? 'red' : step.to === 'approved' ? 'green' : 'blue',
        content: (
          <div data-testid="spot-history-step">
            <div>
              {step.at} {step.actor}：{STATE_LABELS[step.from]} → {step.toLabel}
            </div>
            {step.reason && <div className="push-batch__facts">原因：{step.reason}</div>}
          </div>
        ),
      }))}
    />
  );
}

export function RecordPanel({
  recordId,
  manager,
  myNodes,
  position,
  onPosition,
  onLocate,
  onBack,
}: {
  recordId: number;
  /** A manager reviews (通过, 退回). */
  manager: boolean;
  /** The nodes of the user: their records they verify (保存, 提交). */
  myNodes: readonly number[];
  /** The position as edited, or the record's when untouched. */
  position: EditedPosition;
  onPosition: (position: EditedPosition) => void;
  onLocate: () => void;
  onBack: () => void;
}) {
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const detail = useQuery(recordQueryOptions(recordId));
  const record = detail.data?.record;
  const typeDict = detail.data?.typeDict;
  const types = useQuery({
    ...dictQueryOptions(typeDict ?? ''),
    enabled: Boolean(typeDict),
  });
  const results = useDict('SPOT_BJHS_RESULT');
  const [form] = Form.useForm<FindingFields>();
  const [returning, setReturning] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);

  const refresh = () => queryClient.invalidateQueries({ queryKey: SPOTCHECK_KEY });
  const step = useMutation({
    mutationFn: processSpotCheck,
    onSuccess: async (_, { action }) => {
      const done = { save: '已保存', submit: '已提交审核', approve: '已通过', return: '已退回' };
      void message.success(done[action ?? 'save']);
      setReturning(false);
      await refresh();
    },
  });
  const upload = useMutation({
    mutationFn: (file: File) => addPhoto(recordId, file),
    onSuccess: async () => {
      void message.success('照片已上传');
      await refresh();
    },
  });
  const remove = useMutation({
    mutationFn: deletePhoto,
    onSuccess: async () => {
      void message.success('照片已删除');
      await refresh();
    },
  });

  if (detail.isError && !detail.data) {
    return (
      <div className="push-detail">
        <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack}>
          返回
        </Button>
        <LoadFailed
          title="核查记录加载失败"
          onRetry={() => void detail.refetch()}
          testId="spot-record-failed"
        />
      </div>
    );
  }
  if (!detail.data || !record) {
    return <Spin className="push-loading" description="正在加载核查记录…" />;
  }
  const { photos, history } = detail.data;
  const editable = myNodes.includes(record.nodeId) && nodeMayEdit(record.state);
  const reviewable = manager && managerMayReview(record.state);
  const busy = step.isPending || upload.isPending || remove.isPending;

  /** Save or submit what the form holds; a submit needs a result. */
  const nodeStep = async (action: 'save' | 'submit') => {
    let fields: FindingFields;
    try {
      fields = await form.validateFields();
    } catch {
      return;
    }
    if (action === 'submit' && fields.result === undefined) {
      form.setFields([{ name: 'result', errors: ['提交前请选择核查结果'] }]);
      return;
    }
    const problem = positionProblem(position.lon, position.lat);
    if (problem) {
      void message.error(problem);
      return;
    }
    const body: ProcessSpotCheck = {
      id: record.id,
      action,
      result: fields.result ?? null,
      verifiedType: fields.verifiedType ?? null,
      note: fields.note ?? '',
      ...(position.lon !== null && position.lat !== null
        ? { lon: position.lon, lat: position.lat }
        : {}),
    };
    step.mutate(body);
  };

  const sendReturn = () => {
    const text = reason.trim();
    if (!text) return setReasonError('请填写退回原因');
    if (text.length > MAX_NOTE) return setReasonError(`退回原因最多${MAX_NOTE}个字符`);
    step.mutate({ id: record.id, action: 'return', reason: text });
  };

  const beforeUpload = (file: File) => {
    const refusal = photoRefusal(file, photos.length);
    if (refusal) void message.error(refusal);
    else upload.mutate(file);
    // The upload is the page's own request (with the token), never antd's.
    return Upload.LIST_IGNORE;
  };

  return (
    <div className="push-detail spot-record" data-testid="spot-record" data-id={record.id}>
      <Button
        type="link"
        icon={<ArrowLeftOutlined />}
        onClick={onBack}
        data-testid="spot-record-back"
      >
        返回列表
      </Button>
      <Space className="spot-record__head" wrap>
        <h2 className="push-detail__name" data-testid="spot-record-name">
          {spotTitle(record)}
        </h2>
        <Tag color={STATE_TAGS[record.state]} data-testid="spot-record-state">
          {record.stateLabel}
        </Tag>
        <Button size="small" icon={<AimOutlined />} onClick={onLocate} data-testid="spot-locate">
          定位
        </Button>
      </Space>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'theme', label: '专题', children: record.themeTitle },
          { key: 'batch', label: '图斑批次', children: record.spotBatch },
          { key: 'region', label: '行政区', children: record.regionName, span: 2 },
          {
            key: 'area',
            label: '面积',
            children: `${formatMu(record.areaM2)}（${formatM2(record.areaM2)}）`,
          },
          { key: 'type', label: '图斑类型', children: record.tblxLabel ?? '—' },
          { key: 'node', label: '推送节点', children: record.nodeName },
          {
            key: 'updated',
            label: '最近处理',
            children: record.updatedAt ? `${record.updatedAt} ${record.updatedBy ?? ''}` : '—',
          },
        ]}
      />
      {record.state === 'returned' && record.reason && (
        <Alert
          type="warning"
          showIcon
          title={`退回原因：${record.reason}`}
          data-testid="spot-return-reason"
        />
      )}
      <h3 className="spot-record__section">核查信息</h3>
      {editable ? (
        <FindingForm
          key={`${record.id}:${record.updatedAt ?? ''}`}
          form={form}
          record={record}
          resultOptions={(results.data ?? []).map((item) => ({
            value: Number(item.value),
            label: item.label,
          }))}
          typeOptions={typeDict ? (types.data ?? []) : null}
          position={position}
          onPosition={onPosition}
        />
      ) : (
        <Descriptions
          size="small"
          column={1}
          bordered
          data-testid="spot-finding"
          items={[
            { key: 'result', label: '核查结果', children: record.resultLabel ?? '未填写' },
            { key: 'type', label: '核实类型', children: record.verifiedTypeLabel ?? '—' },
            { key: 'note', label: '备注', children: record.note || '—' },
            {
              key: 'position',
              label: '位置',
              children:
                record.lon != null && record.lat != null
                  ? `${record.lon.toFixed(6)}, ${record.lat.toFixed(6)}`
                  : '—',
            },
          ]}
        />
      )}
      <h3 className="spot-record__section">
        现场照片（{photos.length}/{PHOTO_MAX_COUNT}）
      </h3>
      <div className="spot-photos" data-testid="spot-photos">
        {photos.length === 0 && !editable && (
          <Empty description="暂无照片" image={Empty.PRESENTED_IMAGE_SIMPLE} />
        )}
        <Image.PreviewGroup>
          {photos.map((photo) => (
            <PhotoThumb
              key={photo.id}
              photo={photo}
              removable={editable}
              onRemove={() => remove.mutate(photo.id)}
            />
          ))}
        </Image.PreviewGroup>
      </div>
      {editable && (
        <div data-testid="spot-photo-upload">
          <Upload
            accept="image/jpeg,image/png"
            showUploadList={false}
            beforeUpload={beforeUpload}
            disabled={busy || photos.length >= PHOTO_MAX_COUNT}
          >
            <Button
              icon={<UploadOutlined />}
              loading={upload.isPending}
              disabled={busy || photos.length >= PHOTO_MAX_COUNT}
            >
              上传照片
            </Button>
            <span className="push-batch__facts spot-photo__hint">JPEG 或 PNG，单张不超过 5 MB</span>
          </Upload>
        </div>
      )}
      {(editable || reviewable) && (
        <Space wrap className="spot-record__actions">
          {editable && (
            <>
              <Button
                icon={<SaveOutlined />}
                loading={step.isPending && step.variables.action === 'save'}
                disabled={busy}
                onClick={() => void nodeStep('save')}
                data-testid="spot-save"
              >
                保存
              </Button>
              <Button
                type="primary"
                icon={<SendOutlined />}
                loading={step.isPending && step.variables.action === 'submit'}
                disabled={busy}
                onClick={() => void nodeStep('submit')}
                data-testid="spot-submit"
              >
                提交
              </Button>
            </>
          )}
          {reviewable && (
            <>
              <Button
                type="primary"
                icon={<CheckOutlined />}
                loading={step.isPending && step.variables.action === 'approve'}
                disabled={busy}
                onClick={() => step.mutate({ id: record.id, action: 'approve' })}
                data-testid="spot-approve"
              >
                通过
              </Button>
              <Button
                danger
                icon={<RollbackOutlined />}
                disabled={busy}
                onClick={() => {
                  setReason('');
                  setReasonError(null);
                  setReturning(true);
                }}
                data-testid="spot-return"
              >
                退回
              </Button>
            </>
          )}
        </Space>
      )}
      <h3 className="spot-record__section">处理记录</h3>
      <History steps={history} />
      <Modal
        open={returning}
        title="退回核查记录"
        okText="退回"
        cancelText="取消"
        okButtonProps={{ danger: true, 'data-testid': 'spot-return-ok' }}
        confirmLoading={step.isPending}
        onOk={sendReturn}
        onCancel={() => setReturning(false)}
        destroyOnHidden
      >
        <p>退回后节点可修改并重新提交。</p>
        <Input.TextArea
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(null);
          }}
          rows={4}
          maxLength={MAX_NOTE}
          showCount
          placeholder="请填写退回原因"
          aria-label="退回原因"
          status={reasonError ? 'error' : undefined}
          data-testid="spot-return-reason-input"
        />
        {reasonError && (
          <div className="ant-form-item-explain-error" data-testid="spot-return-reason-error">
            {reasonError}
          </div>
        )}
      </Modal>
    </div>
  );
}

function FindingForm({
  form,
  record,
  resultOptions,
  typeOptions,
  position,
  onPosition,
}: {
  form: ReturnType<typeof Form.useForm<FindingFields>>[0];
  record: SpotCheck;
  resultOptions: { value: number; label: string }[];
  /** The theme's types, or null when its spots have none. */
  typeOptions: { value: string; label: string }[] | null;
  position: EditedPosition;
  onPosition: (position: EditedPosition) => void;
}) {
  return (
    <Form<FindingFields>
      form={form}
      layout="vertical"
      className="spot-finding-form"
      initialValues={{
        result: record.result ?? undefined,
        verifiedType: record.verifiedType ?? undefined,
        note: record.note,
      }}
      data-testid="spot-finding-form"
    >
      <Form.Item name="result" label="核查结果">
        <Select placeholder="请选择核查结果" options={resultOptions} data-testid="spot-result" />
      </Form.Item>
      {typeOptions && (
        <Form.Item name="verifiedType" label="核实类型">
          <Select
            allowClear
            showSearch
            optionFilterProp="label"
            placeholder="请选择核实类型"
            options={typeOptions.map((item) => ({ value: item.value, label: item.label }))}
            data-testid="spot-verified-type"
          />
        </Form.Item>
      )}
      <Form.Item
        name="note"
        label="备注"
        rules={[{ max: MAX_NOTE, message: `备注最多${MAX_NOTE}个字符` }]}
      >
        <Input.TextArea rows={3} maxLength={MAX_NOTE} showCount data-testid="spot-note" />
      </Form.Item>
      <Form.Item label="位置" extra="在地图上点击即可设置位置，也可直接输入经纬度">
        <Space.Compact block>
          <InputNumber
            placeholder="经度"
            aria-label="经度"
            min={-180}
            max={180}
            precision={6}
            value={position.lon}
            onChange={(lon) => onPosition({ ...position, lon: lon ?? null })}
            style={{ width: '50%' }}
            data-testid="spot-lon"
          />
          <InputNumber
            placeholder="纬度"
            aria-label="纬度"
            min={-90}
            max={90}
            precision={6}
            value={position.lat}
            onChange={(lat) => onPosition({ ...position, lat: lat ?? null })}
            style={{ width: '50%' }}
            data-testid="spot-lat"
          />
        </Space.Compact>
      </Form.Item>
    </Form>
  );
}
