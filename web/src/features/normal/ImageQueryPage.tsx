// Image query (spec §2 /normal): where a region or a drawn area is chosen on the map. The
// search conditions (satellites, dates, cloud cover) and the result list come with the
// image-query module; this page already holds the map and the area it will search.
import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty } from 'antd';
import type { PageProps } from '../../components/PageFrame';
import { MapToolbar } from '../../components/map/MapToolbar';
import { MapView } from '../../components/map/MapView';
import { offeredBaseLayers } from '../../components/map/baseLayers';
import { bboxOf } from '../../components/map/format';
import type { DrawMode, DrawnShape, MapViewHandle, Projection } from '../../components/map/types';
import { useRegionFocus } from '../../components/map/useRegionFocus';
import { RegionPicker } from '../../components/RegionPicker/RegionPicker';
import { baseMapSettings } from '../../app/site';
import './ImageQueryPage.css';

function DrawnExtent({ shape, onClear }: { shape: DrawnShape | null; onClear: () => void }) {
  if (!shape) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="用地图左上角的「矩形」或「多边形」在地图上绘制"
        data-testid="drawn-extent-empty"
      />
    );
  }
  const bbox = bboxOf(shape.geometry.coordinates);
  const [west, south, east, north] = bbox.map((value) => `${value.toFixed(4)}°`);
  return (
    <div data-testid="drawn-extent" data-bbox={JSON.stringify(bbox)}>
      <dl className="image-query__extent">
        <dt>西</dt>
        <dd>{west}</dd>
        <dt>东</dt>
        <dd>{east}</dd>
        <dt>南</dt>
        <dd>{south}</dd>
        <dt>北</dt>
        <dd>{north}</dd>
      </dl>
      <Button size="small" onClick={onClear}>
        清除绘制范围
      </Button>
    </div>
  );
}

export default function ImageQueryPage({ title }: PageProps) {
  const baseLayers = useMemo(() => offeredBaseLayers(baseMapSettings, window.location.origin), []);
  const [baseLayer, setBaseLayer] = useState(baseLayers[0]);
  const [projection, setProjection] = useState<Projection>('mercator');
  const [regionCode, setRegionCode] = useState<string | null>(null);
  const [drawMode, setDrawMode] = useState<DrawMode>(null);
  const [shape, setShape] = useState<DrawnShape | null>(null);
  const { extent, highlight } = useRegionFocus(regionCode);
  const map = useRef<MapViewHandle>(null);

  return (
    <div className="image-query" data-testid="image-query">
      <aside className="image-query__side">
        <h1 className="image-query__title" data-testid="page-title">
          {title}
        </h1>
        <section className="image-query__section">
          <h2>行政区</h2>
          <RegionPicker
            value={regionCode}
            onChange={(path) => {
              const code = path[path.length - 1]?.id ?? null;
              // The same region again: back to it, wherever the map was moved since.
              if (code === regionCode && extent) map.current?.fitBounds(extent);
              setRegionCode(code);
            }}
            includeCountry
            style={{ width: '100%' }}
          />
        </section>
        <section className="image-query__section">
          <h2>绘制范围</h2>
          <DrawnExtent shape={shape} onClear={() => setShape(null)} />
        </section>
        <Alert
          type="info"
          showIcon
          data-testid="image-query-coming"
          title="影像检索建设中"
          description="卫星、时间、云量等检索条件与查询结果列表将随影像查询模块提供；届时将在此处选定的行政区或绘制范围内检索影像。"
        />
      </aside>
      <div className="image-query__map">
        <MapView
          ref={map}
          baseLayer={baseLayer}
          projection={projection}
          extent={extent}
          highlight={highlight}
          drawMode={drawMode}
          drawn={shape}
          onDrawn={(drawn) => {
            setShape(drawn);
            setDrawMode(null);
          }}
        >
          <MapToolbar
            baseLayers={baseLayers}
            baseLayer={baseLayer}
            onBaseLayerChange={setBaseLayer}
            projection={projection}
            onProjectionChange={setProjection}
            drawMode={drawMode}
            onDrawModeChange={setDrawMode}
            onClear={() => setShape(null)}
            canClear={shape !== null}
          />
        </MapView>
      </div>
    </div>
  );
}
