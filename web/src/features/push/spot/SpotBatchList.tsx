// The spot batches, newest first, a page at a time: name, theme, when made and sent, spots and
// records by state, and each node's status (SPOT_BJHS_BATCH_STATUS, from the dictionary).
// A manager sees every batch, makes new ones (新建图斑批次) and sends a prepared one (下发,
// after a confirmation); a node user sees the sent batches that reached their nodes.
import { useState } from 'react';
import { App, Button, Empty, List, Space, Tag } from 'antd';
import { PlusOutlined, SendOutlined } from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useDict } from '../../../api/getDict';
import { LoadFailed } from '../../../components/LoadFailed';
import {
  sendSpotBatch,
  spotBatchesQueryOptions,
  SPOTCHECK_KEY,
  type SpotBatchScope,
} from './api/batches';
import type { SpotBatch, SpotBatchNode } from './api/types';
import { NewSpotBatchDialog } from './NewSpotBatchDialog';
import { stateSummary } from './states';

const PAGE_SIZE = 10;

/** The batch node statuses' tag colours: 未下发, 已下发, 核查中, 已完成. */
const STATUS_COLORS = ['default', 'blue', 'orange', 'green'];

export function NodeStatus({ node }: { node: SpotBatchNode }) {
  const statuses = useDict('SPOT_BJHS_BATCH_STATUS');
  const label =
    statuses.data?.find((item) => item.value === String(node.status))?.label ?? node.statusLabel;
  return (
    <Tag color={STATUS_COLORS[node.status] ?? 'default'} data-testid="spot-node-status">
      {label}
    </Tag>
  );
}

function BatchEntry({
  batch,
  manager,
  sending,
  onOpen,
  onSend,
}: {
  batch: SpotBatch;
  manager: boolean;
  sending: boolean;
  onOpen: () => void;
  onSend: () => void;
}) {
  const sent = Boolean(batch.sentAt);
  return (
    <List.Item className="push-batch" data-testid="spot-batch" data-id={batch.id}>
      <div className="push-batch__head">
        <Button type="link" className="push-batch__name" onClick={onOpen} title={batch.name}>
          {batch.name}
        </Button>
        <Tag color="geekblue">{batch.themeTitle}</Tag>
        {batch.demo && <Tag>演示</Tag>}
        {!sent && <Tag data-testid="spot-batch-unsent">未下发</Tag>}
      </div>
      <div className="push-batch__facts">
        {batch.createdAt} 创建 · {sent ? `${batch.sentAt} 下发` : '尚未下发'} · {batch.spotCount}{' '}
        个图斑
      </div>
      {sent && (
        <div className="push-batch__facts" data-testid="spot-batch-states">
          {stateSummary(batch.byState)}
        </div>
      )}
      {manager && (
        <div className="push-batch__facts spot-batch__nodes" data-testid="spot-batch-nodes">
          {batch.nodes.map((node) => (
            <span key={node.nodeId}>
              {node.nodeName}（{node.spotCount} 个）
              <NodeStatus node={node} />
            </span>
          ))}
        </div>
      )}
      {manager && !sent && (
        <Button
          size="small"
          type="primary"
          icon={<SendOutlined />}
          loading={sending}
          onClick={onSend}
          className="spot-batch__send"
          data-testid="spot-batch-send"
        >
          下发
        </Button>
      )}
    </List.Item>
  );
}

export function SpotBatchList({
  manager,
  onOpen,
}: {
  manager: boolean;
  onOpen: (batch: SpotBatch) => void;
}) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const scope: SpotBatchScope = manager ? 'all' : 'own';
  const [pageNum, setPageNum] = useState(1);
  const [creating, setCreating] = useState(false);
  const batches = useQuery(spotBatchesQueryOptions(scope, pageNum, PAGE_SIZE));
  const send = useMutation({
    mutationFn: sendSpotBatch,
    onSuccess: async (batch) => {
      void message.success(`图斑批次“${batch.name}”已下发`);
      await queryClient.invalidateQueries({ queryKey: SPOTCHECK_KEY });
    },
  });

  const confirmSend = (batch: SpotBatch) => {
    void modal.confirm({
      title: '下发图斑批次',
      content: `确定将“${batch.name}”的 ${batch.spotCount} 个图斑下发到 ${batch.nodes.length} 个节点吗？下发后节点即可开始核查，且无法撤回。`,
      okText: '下发',
      cancelText: '取消',
      okButtonProps: { 'data-testid': 'spot-send-ok' },
      onOk: () => send.mutateAsync(batch.id).catch(() => undefined),
    });
  };

  if (batches.isError) {
    return (
      <LoadFailed
        title="图斑批次加载失败"
        onRetry={() => void batches.refetch()}
        testId="spot-batches-failed"
      />
    );
  }
  const page = batches.data;
  return (
    <div className="spot-batches">
      {manager && (
        <Space className="spot-batches__actions">
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setCreating(true)}
            data-testid="spot-create"
          >
            新建图斑批次
          </Button>
        </Space>
      )}
      <List<SpotBatch>
        className="push-batches"
        data-testid="spot-batches"
        loading={batches.isFetching}
        dataSource={page?.list}
        locale={{
          emptyText: page ? (
            <Empty description="暂无图斑批次" data-testid="spot-batches-empty" />
          ) : (
            ' '
          ),
        }}
        renderItem={(batch) => (
          <BatchEntry
            batch={batch}
            manager={manager}
            sending={send.isPending && send.variables === batch.id}
            onOpen={() => onOpen(batch)}
            onSend={() => confirmSend(batch)}
          />
        )}
        pagination={
          page && page.total > PAGE_SIZE
            ? {
                size: 'small',
                align: 'center',
                current: page.pageNum,
                pageSize: PAGE_SIZE,
                total: page.total,
                onChange: setPageNum,
              }
            : false
        }
      />
      {manager && (
        <NewSpotBatchDialog
          open={creating}
          onClose={() => setCreating(false)}
          onCreated={(batch) => {
            setCreating(false);
            setPageNum(1);
            void message.success(
              `图斑批次“${batch.name}”已创建（${batch.spotCount} 个图斑），下发后节点方可核查`,
            );
          }}
        />
      )}
    </div>
  );
}
