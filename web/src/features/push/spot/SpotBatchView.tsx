// One spot batch in the side panel: its facts, the node shown (a manager, or an account of
// several nodes, picks it) with its status, and that node's records with their summary.
import { Alert, Button, Descriptions, Select, Space, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { SpotBatch, SpotBatchNode, SpotCheck } from './api/types';
import { RecordList } from './RecordList';
import { NodeStatus } from './SpotBatchList';

export function SpotBatchView({
  batch,
  node,
  selected,
  onNodeChange,
  onOpenRecord,
  onBack,
}: {
  batch: SpotBatch;
  node: SpotBatchNode | undefined;
  selected: number | null;
  onNodeChange: (nodeId: number) => void;
  onOpenRecord: (record: SpotCheck) => void;
  onBack: () => void;
}) {
  const sent = Boolean(batch.sentAt);
  return (
    <div className="push-detail" data-testid="spot-batch-detail" data-id={batch.id}>
      <Button type="link" icon={<ArrowLeftOutlined />} onClick={onBack} data-testid="spot-back">
        返回批次列表
      </Button>
      <h2 className="push-detail__name" data-testid="spot-batch-name">
        {batch.name} <Tag color="geekblue">{batch.themeTitle}</Tag>
        {batch.demo && <Tag>演示</Tag>}
      </h2>
      <Descriptions
        size="small"
        column={2}
        items={[
          { key: 'created', label: '创建时间', children: batch.createdAt },
          { key: 'creator', label: '创建人', children: batch.creator },
          { key: 'sent', label: '下发时间', children: batch.sentAt ?? '未下发' },
          { key: 'spots', label: '图斑数量', children: `${batch.spotCount} 个` },
        ]}
      />
      <Space wrap className="push-detail__node">
        推送节点
        <Select
          aria-label="推送节点"
          value={node?.nodeId}
          onChange={onNodeChange}
          options={batch.nodes.map((part) => ({
            value: part.nodeId,
            label: `${part.nodeName}（${part.spotCount} 个）`,
          }))}
          disabled={batch.nodes.length < 2}
          style={{ width: 240 }}
          data-testid="spot-node"
        />
        {node && <NodeStatus node={node} />}
      </Space>
      {!sent ? (
        <Alert
          type="info"
          showIcon
          title="该批次尚未下发：下发后节点方可查看和核查其中的图斑"
          data-testid="spot-batch-unsent-note"
        />
      ) : node && node.spotCount === 0 ? (
        <Alert type="info" showIcon title="该批次没有推送到此节点的图斑" />
      ) : (
        node && (
          <RecordList
            key={`${batch.id}:${node.nodeId}`}
            source="bjhs"
            base={{ batchId: batch.id, nodeId: node.nodeId }}
            selected={selected}
            onOpen={onOpenRecord}
          />
        )
      )}
    </div>
  );
}
