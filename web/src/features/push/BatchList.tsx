// The batches of 影像推送, newest first, a page at a time: name, channel, time, scenes and size,
// and for a manager the nodes each reached. Choosing one opens it (its id goes to the address).
import { Button, Empty, List, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { LoadFailed } from '../../components/LoadFailed';
import { channelLabel } from '../../lib/pushChannels';
import { batchesQueryOptions, type BatchScope } from './api/getBatches';
import type { PushBatch } from './api/types';
import { formatSize } from '../../components/orders/format';
import { nodeSummary } from './format';

const PAGE_SIZE = 10;

function BatchEntry({
  batch,
  showNodes,
  onOpen,
}: {
  batch: PushBatch;
  showNodes: boolean;
  onOpen: () => void;
}) {
  return (
    <List.Item className="push-batch" data-testid="push-batch" data-id={batch.id}>
      <div className="push-batch__head">
        <Button type="link" className="push-batch__name" onClick={onOpen} title={batch.name}>
          {batch.name}
        </Button>
        <Tag color={batch.channel === 'privateline' ? 'purple' : 'blue'}>
          {channelLabel(batch.channel)}
        </Tag>
        {batch.demo && <Tag>演示</Tag>}
      </div>
      <div className="push-batch__facts">
        {batch.createdAt} · {batch.sceneCount} 景 · {formatSize(batch.sizeMb)}
      </div>
      {showNodes && (
        <div className="push-batch__facts" data-testid="push-batch-nodes">
          推送节点：{batch.nodes.map(nodeSummary).join('、') || '无'}
        </div>
      )}
    </List.Item>
  );
}

export function BatchList({
  scope,
  onOpen,
}: {
  scope: BatchScope;
  onOpen: (batch: PushBatch) => void;
}) {
  const [pageNum, setPageNum] = useState(1);
  const batches = useQuery(batchesQueryOptions(scope, pageNum, PAGE_SIZE));
  if (batches.isError) {
    return (
      <LoadFailed
        title="推送批次加载失败"
        onRetry={() => void batches.refetch()}
        testId="push-batches-failed"
      />
    );
  }
  const page = batches.data;
  return (
    <List<PushBatch>
      className="push-batches"
      data-testid="push-batches"
      loading={batches.isFetching}
      dataSource={page?.list}
      // Nothing is said to be empty before the first answer.
      locale={{
        emptyText: page ? (
          <Empty description="暂无推送批次" data-testid="push-batches-empty" />
        ) : (
          ' '
        ),
      }}
      renderItem={(batch) => (
        <BatchEntry batch={batch} showNodes={scope === 'all'} onOpen={() => onOpen(batch)} />
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
  );
}
