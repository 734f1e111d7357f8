// 推送 (managers): sends the scenes of the image query to province nodes as one batch: its
// name, the channel and the nodes (from the public node list). The server's refusal (unknown
// scenes or nodes, no name) shows in the dialog; after sending, a message links to the batch
// on 影像推送.
import { Alert, App, Form, Input, Modal, Radio, Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useHref, useNavigate } from 'react-router';
import { pushNodesQueryOptions } from '../../api/getPushNodes';
import { FormFailure } from '../../components/FormFailure';
import { PUSH_CHANNELS, type PushChannel } from '../../lib/pushChannels';
import { useCreatePushBatch, type SentBatch } from './api/createPushBatch';
import { pushedBatchPath, type PushScenes } from './push';

/** Most nodes one batch names (the server's bound). */
const MAX_NODES = 64;

interface PushFields {
  name: string;
  channel: PushChannel;
  nodes: number[];
}

/** The message after sending; shown outside the router, so it is handed the way to the batch. */
function SentNotice({
  batch,
  href,
  onOpen,
}: {
  batch: SentBatch;
  href: string;
  onOpen: () => void;
}) {
  return (
    <span data-testid="push-sent">
      推送批次“{batch.name}”已发送：{batch.sceneCount} 景推送到 {batch.nodes.length} 个节点。
      <a
        href={href}
        onClick={(event) => {
          event.preventDefault();
          onOpen();
        }}
        data-testid="push-sent-link"
      >
        查看推送批次
      </a>
    </span>
  );
}

export function PushDialog({
  scenes,
  defaultName,
  onClose,
}: {
  /** What to push; the dialog is open while there is something. */
  scenes: PushScenes | null;
  /** The name the batch starts with. */
  defaultName: string;
  onClose: () => void;
}) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  // The link's address under the app's base; the batch id is appended (pushedBatchPath).
  const base = useHref('/');
  const [form] = Form.useForm<PushFields>();
  const nodes = useQuery({ ...pushNodesQueryOptions, enabled: scenes !== null });
  const send = useCreatePushBatch();
  const close = () => {
    send.reset();
    onClose();
  };

  const submit = ({ name, channel, nodes: chosen }: PushFields) => {
    if (!scenes) return;
    send.mutate(
      { name: name.trim(), channel, ids: scenes.ids, nodes: chosen },
      {
        onSuccess: (batch) => {
          const path = pushedBatchPath(batch.id);
          void message.success({
            content: (
              <SentNotice
                batch={batch}
                href={`${base.replace(/\/$/, '')}${path}`}
                onOpen={() => void navigate(path)}
              />
            ),
            duration: 10,
          });
          close();
        },
      },
    );
  };

  return (
    <Modal
      open={scenes !== null}
      title="推送影像"
      okText="推送"
      cancelText="取消"
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={send.isPending}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'push-ok' }}
    >
      <div data-testid="push-dialog">
        <FormFailure error={send.error} testId="push-failed" />
        {scenes && (
          <p data-testid="push-scenes">
            {scenes.summary}
            ，每个节点只接收与其行政区相交的影像。
          </p>
        )}
        {scenes?.warning && (
          <Alert
            type="warning"
            showIcon
            title={scenes.warning}
            style={{ marginBottom: 16 }}
            data-testid="push-over-limit"
          />
        )}
        <Form<PushFields>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ name: defaultName, channel: 'internet', nodes: [] }}
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
            <Input maxLength={100} data-testid="push-name" />
          </Form.Item>
          <Form.Item name="channel" label="推送方式">
            <Radio.Group options={[...PUSH_CHANNELS]} data-testid="push-channel" />
          </Form.Item>
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
              placeholder="选择接收影像的省级节点"
              loading={nodes.isPending}
              optionFilterProp="label"
              options={(nodes.data ?? []).map((node) => ({
                value: node.id,
                label: `${node.name}（${node.regionName ?? node.regionId}）`,
              }))}
              data-testid="push-nodes"
            />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
