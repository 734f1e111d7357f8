// 推送节点总览 (/push/screen, spec §7 push-screen node, issue 18): every province node the
// caller may see on the map — green where it has received images or spots, grey where not —
// and beside it each node with what it received in all and last. Made for the display screen
// (`?screenCode=1` logs it in read-only over the country); it asks again every minute.
import { useMemo, useState } from 'react';
import { Empty, Spin, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '../../components/LoadFailed';
import { MapPageFrame } from '../../components/MapPageFrame';
import { MapView } from '../../components/map/MapView';
import type { MapLayer } from '../../components/map/types';
import { formatSize } from '../../components/orders/format';
import { approvedShare } from '../../lib/spotCheckStates';
import { screenNodesQueryOptions, type ScreenNode } from './api/getScreenNodes';
import { nodePoints, received, screenOrder, screenTotals } from './screen';
import './PushScreen.css';

/** China, for the first view. */
const CHINA: readonly [number, number, number, number] = [73, 18, 135, 54];

function NodeCard({ node, chosen }: { node: ScreenNode; chosen: boolean }) {
  const images = node.latestImages;
  const spots = node.latestSpots;
  return (
    <li
      className={`screen-node${chosen ? ' screen-node--chosen' : ''}`}
      data-testid="screen-node"
      data-node={node.nodeId}
    >
      <div className="screen-node__head">
        <strong>{node.nodeName}</strong>
        {node.regionName && <span className="screen-node__region">{node.regionName}</span>}
        {!received(node) && <Tag>暂无推送</Tag>}
      </div>
      {received(node) && (
        <dl className="screen-node__facts">
          <dt>影像</dt>
          <dd>
            {node.images.scenes} 景，{formatSize(node.images.sizeMb)}
          </dd>
          <dt>图斑</dt>
          <dd>
            {node.spots.pushed} 个，已通过 {approvedShare(node.spots.pushed, node.spots.states)}%
          </dd>
          {images && (
            <>
              <dt>最近影像</dt>
              <dd data-testid="screen-latest-images">
                {images.batchName}（{images.sentAt}，{images.scenes} 景）
              </dd>
            </>
          )}
          {spots && (
            <>
              <dt>最近图斑</dt>
              <dd data-testid="screen-latest-spots">
                {spots.batchName}（{spots.themeTitle}，{spots.sentAt}，{spots.pushed} 个）
              </dd>
            </>
          )}
        </dl>
      )}
    </li>
  );
}

export function PushScreen({ title }: { title: string }) {
  const nodes = useQuery(screenNodesQueryOptions());
  const [chosen, setChosen] = useState<number | null>(null);
  const ordered = useMemo(() => screenOrder(nodes.data ?? []), [nodes.data]);
  const layers = useMemo<MapLayer[]>(
    () => [
      {
        id: 'push-screen-nodes',
        kind: 'geojson',
        data: nodePoints(nodes.data ?? []),
        interactive: true,
        paint: {
          circleColor: ['match', ['get', 'received'], 1, '#52c41a', '#bfbfbf'],
          circleRadius: 7,
          lineColor: '#ffffff',
        },
      },
    ],
    [nodes.data],
  );

  let side;
  if (nodes.isError) {
    side = (
      <LoadFailed
        title="推送节点加载失败"
        onRetry={() => void nodes.refetch()}
        testId="screen-failed"
      />
    );
  } else if (!nodes.data) {
    side = <Spin description="正在加载推送节点…" data-testid="screen-loading" />;
  } else if (ordered.length === 0) {
    side = <Empty description="暂无可查看的推送节点" data-testid="screen-empty" />;
  } else {
    const total = screenTotals(ordered);
    side = (
      <>
        <dl className="screen-totals" data-testid="screen-totals">
          {[
            ['推送节点', `${total.reached} / ${total.nodes}`],
            ['推送影像', `${total.scenes} 景`],
            ['数据量', formatSize(total.sizeMb)],
            ['推送图斑', `${total.spots} 个`],
            ['已通过', `${total.approved} 个`],
          ].map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd data-testid={`screen-total-${label}`}>{value}</dd>
            </div>
          ))}
        </dl>
        <ul className="screen-nodes">
          {ordered.map((node) => (
            <NodeCard key={node.nodeId} node={node} chosen={node.nodeId === chosen} />
          ))}
        </ul>
      </>
    );
  }

  return (
    <MapPageFrame
      className="push-screen"
      testId="push-screen"
      title={title}
      side={<div className="push-side">{side}</div>}
      map={
        <MapView
          extent={CHINA}
          layers={layers}
          onFeatureClick={(hit) => {
            const id = Number(hit.id);
            setChosen(id);
            document
              .querySelector(`[data-testid="screen-node"][data-node="${id}"]`)
              ?.scrollIntoView({ block: 'nearest' });
          }}
        />
      }
    />
  );
}
