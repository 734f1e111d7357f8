// 图斑推送 (/push/spot, issue 18): the change spots the national centre pushes to the province
// nodes, and their verification on the ground. A manager makes and sends batches, sees every
// node's progress and reviews (待审核); a node's account verifies the spots of the batches
// that reached its nodes. What is open lives in the address (`?batch=&node=`, `?record=`,
// `?tab=`), so links open a batch or a record. The map shows the node's spots coloured by
// state, the record open and its recorded position, which a click on the map sets.
import { useMemo, useRef } from 'react';
import { Button, Empty, Result, Spin, Tabs } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '../../../components/LoadFailed';
import { MapPageFrame } from '../../../components/MapPageFrame';
import { MapView } from '../../../components/map/MapView';
import {
  asBbox,
  type Bbox,
  type MapLayer,
  type MapViewHandle,
} from '../../../components/map/types';
import { useRegionFocus } from '../../../components/map/useRegionFocus';
import { canPush, viewerOf } from '../../../lib/access';
import { useSession } from '../../../lib/session';
import { useKeyedState } from '../../../lib/useKeyedState';
import { spotBatchQueryOptions, spotFeaturesQueryOptions } from './api/batches';
import { positionQueryOptions, recordQueryOptions } from './api/records';
import { RecordList } from './RecordList';
import { RecordPanel, type EditedPosition } from './RecordPanel';
import {
  chosenSpotNode,
  drawableSpots,
  readSpotSelection,
  spotSelectionParams,
  spotPoints,
  spotsBox,
  type SpotSelection,
  type SpotTab,
} from './selection';
import { SpotBatchList } from './SpotBatchList';
import { SpotBatchView } from './SpotBatchView';
import { STATE_COLORS, STATE_LABELS, STATES } from '../../../lib/spotCheckStates';
import { nodeMayEdit, STATE_COLOR_EXPRESSION } from './states';
import '../ImagePush.css';
import './SpotPush.css';

/** The map's layers: the node's spots, the record open, and its recorded position. */
export const SPOTS_LAYER = 'spot-records';
export const POINTS_LAYER = 'spot-points';
export const RECORD_LAYER = 'spot-record';
export const POSITION_LAYER = 'spot-position';

const NO_NODE_MESSAGE =
  '您的账号未关联推送节点，暂无可核查的图斑批次。如需接收图斑，请联系管理员。';

function StateLegend() {
  return (
    <div className="spot-legend" data-testid="spot-legend">
      <div className="spot-legend__title">核查状态</div>
      <ul>
        {STATES.map((state) => (
          <li key={state}>
            <i
              style={{ borderColor: STATE_COLORS[state], background: `${STATE_COLORS[state]}55` }}
            />
            {STATE_LABELS[state]}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SpotPush({ title }: { title: string }) {
  const userInfo = useSession((state) => state.userInfo);
  const manager = canPush(viewerOf({ userInfo }));
  const myNodes = useMemo(
    () => (userInfo?.personInfo.relatePushNodeInfo ?? []).map((node) => node.id),
    [userInfo],
  );
  const nodeless = !manager && myNodes.length === 0;

  const [params, setParams] = useSearchParams();
  const selection = useMemo(() => readSpotSelection(params), [params]);
  const select = (next: Partial<SpotSelection>, push = false) =>
    setParams(spotSelectionParams({ ...selection, ...next }), { replace: !push });
  const batchId = nodeless ? null : selection.batch;
  const recordId = nodeless ? null : selection.record;

  const batchQuery = useQuery({
    ...spotBatchQueryOptions(batchId ?? 0),
    enabled: batchId !== null,
  });
  const batch = batchId !== null && batchQuery.data?.id === batchId ? batchQuery.data : null;
  const node = batch ? chosenSpotNode(batch.nodes, selection.node) : undefined;
  const nodeId = batch?.sentAt && node && node.spotCount > 0 ? node.nodeId : null;
  const focus = useRegionFocus(node?.regionId ?? null);

  const spots = useQuery({
    ...spotFeaturesQueryOptions(batchId ?? 0, nodeId ?? 0),
    enabled: batchId !== null && nodeId !== null,
  });
  const spotData = useMemo(
    () => (nodeId !== null && spots.data ? drawableSpots(spots.data) : undefined),
    [nodeId, spots.data],
  );
  const pointData = useMemo(() => (spotData ? spotPoints(spotData) : undefined), [spotData]);

  const detail = useQuery({
    ...recordQueryOptions(recordId ?? 0),
    enabled: recordId !== null,
  });
  const record = recordId !== null ? detail.data?.record : undefined;
  const position = useQuery({
    ...positionQueryOptions(recordId ?? 0),
    enabled: recordId !== null,
  });
  const editable =
    record !== undefined && myNodes.includes(record.nodeId) && nodeMayEdit(record.state);
  const [edited, setEdited] = useKeyedState<EditedPosition | null>(String(recordId), null);
  const shownPosition: EditedPosition = edited ?? {
    lon: record?.lon ?? null,
    lat: record?.lat ?? null,
  };

  const mapRef = useRef<MapViewHandle>(null);
  const recordBox = useMemo(
    () => (recordId !== null ? asBbox(position.data?.bbox) : null),
    [recordId, position.data],
  );
  const locate = () => {
    if (recordBox) mapRef.current?.fitBounds(recordBox);
  };

  const layers = useMemo((): MapLayer[] => {
    const laid: MapLayer[] = [];
    if (spotData)
      laid.push({
        id: SPOTS_LAYER,
        kind: 'geojson',
        data: spotData,
        interactive: true,
        paint: {
          fillColor: STATE_COLOR_EXPRESSION,
          fillOpacity: 0.3,
          lineColor: STATE_COLOR_EXPRESSION,
          lineWidth: 1.5,
        },
      });
    if (pointData)
      laid.push({
        id: POINTS_LAYER,
        kind: 'geojson',
        data: pointData,
        interactive: true,
        paint: { circleColor: STATE_COLOR_EXPRESSION, circleRadius: 5 },
      });
    if (detail.data && recordId !== null && detail.data.record.id === recordId)
      laid.push({
        id: RECORD_LAYER,
        kind: 'geojson',
        data: { type: 'Feature', properties: {}, geometry: detail.data.geometry },
        paint: { fillColor: '#fadb14', fillOpacity: 0.15, lineColor: '#fadb14', lineWidth: 3 },
      });
    if (shownPosition.lon !== null && shownPosition.lat !== null)
      laid.push({
        id: POSITION_LAYER,
        kind: 'geojson',
        data: {
          type: 'Feature',
          properties: {},
          geometry: { type: 'Point', coordinates: [shownPosition.lon, shownPosition.lat] },
        },
        paint: { circleColor: '#eb2f96', circleRadius: 7 },
      });
    return laid;
  }, [spotData, pointData, detail.data, recordId, shownPosition.lon, shownPosition.lat]);

  const extent = useMemo(
    (): Bbox | null => recordBox ?? (spotData ? spotsBox(spotData) : null) ?? focus.extent,
    [recordBox, spotData, focus.extent],
  );

  const openRecord = (id: number) => select({ record: id }, true);

  let side;
  if (nodeless) {
    side = <Empty description={NO_NODE_MESSAGE} data-testid="spot-no-node" />;
  } else if (recordId !== null) {
    side = (
      <RecordPanel
        recordId={recordId}
        manager={manager}
        myNodes={myNodes}
        position={shownPosition}
        onPosition={setEdited}
        onLocate={locate}
        onBack={() => select({ record: null }, true)}
      />
    );
  } else if (batchId !== null) {
    if (batchQuery.isError) {
      side = (
        <LoadFailed
          title="图斑批次加载失败"
          onRetry={() => void batchQuery.refetch()}
          testId="spot-batch-failed"
        />
      );
    } else if (batchQuery.data === null) {
      side = (
        <Result
          status="404"
          title="图斑批次不存在"
          subTitle="该批次不存在，或没有下发到您的节点。"
          extra={<Button onClick={() => select({ batch: null, node: null })}>返回批次列表</Button>}
          data-testid="spot-batch-missing"
        />
      );
    } else if (!batch) {
      side = <Spin className="push-loading" description="正在加载图斑批次…" />;
    } else {
      side = (
        <SpotBatchView
          batch={batch}
          node={node}
          selected={null}
          onNodeChange={(next) => select({ node: next })}
          onOpenRecord={(opened) => openRecord(opened.id)}
          onBack={() => select({ batch: null, node: null }, true)}
        />
      );
    }
  } else {
    side = (
      <Tabs
        activeKey={selection.tab}
        onChange={(tab) => select({ tab: tab as SpotTab })}
        data-testid="spot-tabs"
        items={[
          {
            key: 'batches',
            label: '图斑批次',
            children: (
              <SpotBatchList
                manager={manager}
                onOpen={(opened) => select({ batch: opened.id, node: null }, true)}
              />
            ),
          },
          {
            key: 'zdbh',
            label: '重点变化',
            children: (
              <RecordList
                source="zdbh"
                base={{}}
                selected={null}
                onOpen={(opened) => openRecord(opened.id)}
              />
            ),
          },
          ...(manager
            ? [
                {
                  key: 'review',
                  label: '待审核',
                  children: (
                    <RecordList
                      source="review"
                      base={{}}
                      selected={null}
                      onOpen={(opened) => openRecord(opened.id)}
                    />
                  ),
                },
              ]
            : []),
        ]}
        destroyOnHidden
      />
    );
  }

  return (
    <MapPageFrame
      className="push-page spot-page"
      testId="push-spot"
      title={title}
      side={<div className="push-side">{side}</div>}
      map={
        <MapView
          ref={mapRef}
          extent={extent}
          highlight={focus.highlight}
          layers={layers}
          onFeatureClick={(hit) => {
            if ((hit.layer === SPOTS_LAYER || hit.layer === POINTS_LAYER) && !editable)
              openRecord(Number(hit.id));
          }}
          onMapClick={([lon, lat]) => {
            if (editable) setEdited({ lon: Number(lon.toFixed(6)), lat: Number(lat.toFixed(6)) });
          }}
        >
          {spotData && <StateLegend />}
        </MapView>
      }
    />
  );
}
