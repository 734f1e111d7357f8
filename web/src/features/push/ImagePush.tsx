// 影像推送 (/push/image, issue 18): the batches of scenes sent to the province nodes. A manager
// sees every batch and picks the node shown; a node's account sees the batches that reached
// its nodes, and only their part. The batch and node chosen live in the address
// (`?batch=ID&node=ID`), so the link a manager gets after pushing opens the batch.
import { useMemo, useState } from 'react';
import { Button, Empty, Result, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { LoadFailed } from '../../components/LoadFailed';
import { MapPageFrame } from '../../components/MapPageFrame';
import { MapView } from '../../components/map/MapView';
import { coverageLayers } from '../../components/map/coverage';
import { drawable, shapesBox } from '../../components/map/format';
import type { MapLayer } from '../../components/map/types';
import { useRegionFocus } from '../../components/map/useRegionFocus';
import { canPush, viewerOf } from '../../lib/access';
import { saveFile } from '../../lib/saveFile';
import { useSession } from '../../lib/session';
import { useKeyedState } from '../../lib/useKeyedState';
import { exportNodeFile, type NodeFile } from './api/exportNodeFile';
import { detailQueryOptions } from './api/getDetail';
import { coverageQueryOptions, footprintsQueryOptions } from './api/getNodeData';
import { BatchDetail, ITEMS_PAGE_SIZE } from './BatchDetail';
import { BatchList } from './BatchList';
import { chosenNode, readSelection, selectionParams, type Selection } from './selection';
import './ImagePush.css';

/** The footprints layer of the node shown. */
const FOOTPRINTS_LAYER = 'push-footprints';

const NO_NODE_MESSAGE =
  '您的账号未关联推送节点，暂无可查看的推送批次。如需接收推送，请联系管理员。';

export function ImagePush({ title }: { title: string }) {
  const userInfo = useSession((state) => state.userInfo);
  const manager = canPush(viewerOf({ userInfo }));
  const nodeless = !manager && (userInfo?.personInfo.relatePushNodeInfo.length ?? 0) === 0;

  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => readSelection(params), [params]);
  const select = (next: Selection, push = false) =>
    setParams(selectionParams(next), { replace: !push });
  const batchId = nodeless ? null : selection.batch;

  const [itemsPage, setItemsPage] = useKeyedState(String(batchId), 1);
  const detail = useQuery({
    ...detailQueryOptions(batchId ?? 0, itemsPage, ITEMS_PAGE_SIZE),
    enabled: batchId !== null,
  });
  const batch = batchId !== null && detail.data?.batch.id === batchId ? detail.data.batch : null;
  const node = batch ? chosenNode(batch.nodes, selection.node) : undefined;
  const nodeId = node && node.sceneCount > 0 ? node.nodeId : null;
  const shown = `${batchId}:${nodeId}`;

  const footprints = useQuery({
    ...footprintsQueryOptions(batchId ?? 0, nodeId ?? 0),
    enabled: batchId !== null && nodeId !== null,
  });
  const [coverageAsked, setCoverageAsked] = useKeyedState(shown, false);
  const coverage = useQuery({
    ...coverageQueryOptions(batchId ?? 0, nodeId ?? 0),
    enabled: coverageAsked && batchId !== null && nodeId !== null,
  });
  const coverageData = coverageAsked && nodeId !== null ? coverage.data : undefined;
  const [exporting, setExporting] = useState<NodeFile | null>(null);
  const focus = useRegionFocus(node?.regionId ?? null);

  const exportFile = async (file: NodeFile) => {
    if (batchId === null || nodeId === null) return;
    setExporting(file);
    try {
      const { blob, name } = await exportNodeFile(file, batchId, nodeId);
      saveFile(blob, name);
    } catch {
      // The client has said why (a 429 or 503 of the heavy-work budget among them).
    } finally {
      setExporting(null);
    }
  };

  const footprintData = useMemo(
    () => (nodeId !== null && footprints.data ? drawable(footprints.data) : undefined),
    [nodeId, footprints.data],
  );
  // The coverage over the footprints: hundreds of overlapping footprints would hide it.
  const layers = useMemo((): MapLayer[] => {
    const laid: MapLayer[] = [];
    if (footprintData)
      laid.push({
        id: FOOTPRINTS_LAYER,
        kind: 'geojson',
        data: footprintData,
        paint: { fillColor: '#1677ff', fillOpacity: 0.04, lineColor: '#1677ff', lineWidth: 1 },
      });
    if (coverageData)
      laid.push(...coverageLayers(coverageData, { covered: true, notCovered: true }));
    return laid;
  }, [coverageData, footprintData]);
  const extent = useMemo(
    () => (footprintData ? shapesBox(footprintData) : null) ?? focus.extent,
    [footprintData, focus.extent],
  );

  let side;
  if (nodeless) {
    side = <Empty description={NO_NODE_MESSAGE} data-testid="push-no-node" />;
  } else if (batchId === null) {
    side = (
      <BatchList
        scope={manager ? 'all' : 'own'}
        onOpen={(opened) => select({ batch: opened.id, node: null }, true)}
      />
    );
  } else if (detail.isError && !batch) {
    side =
      detail.error instanceof ApiError && detail.error.status === 404 ? (
        <Result
          status="404"
          title="推送批次不存在"
          subTitle="该批次不存在，或没有推送到您的节点。"
          extra={<Button onClick={() => select({ batch: null, node: null })}>返回批次列表</Button>}
          data-testid="push-batch-missing"
        />
      ) : (
        <LoadFailed
          title="推送批次加载失败"
          onRetry={() => void detail.refetch()}
          testId="push-detail-failed"
        />
      );
  } else if (!batch || !detail.data) {
    side = (
      <Spin
        className="push-loading"
        description="正在加载推送批次…"
        data-testid="push-detail-loading"
      />
    );
  } else {
    side = (
      <BatchDetail
        detail={detail.data}
        node={node}
        onNodeChange={(next) => select({ batch: batchId, node: next })}
        manager={manager}
        onItemsPageChange={setItemsPage}
        itemsLoading={detail.isFetching}
        coverage={coverageData}
        calculating={coverageAsked && coverage.isFetching}
        // Again after a refusal (429, 503) asks again; after an answer it is kept.
        onCalculate={() => (coverageAsked ? void coverage.refetch() : setCoverageAsked(true))}
        exporting={exporting}
        onExport={(file) => void exportFile(file)}
        onBack={() => select({ batch: null, node: null }, true)}
      />
    );
  }

  return (
    <MapPageFrame
      className="push-page"
      testId="push-image"
      title={title}
      side={<div className="push-side">{side}</div>}
      map={<MapView extent={extent} highlight={focus.highlight} layers={layers} />}
    />
  );
}
