// The controls a page lays over its map (as MapView's children): base map, 2D ⇄ globe,
// drawing a rectangle or polygon and clearing it. Each part shows only when the page
// handles it; the state stays with the page.
import { Button, Segmented, Select, Tooltip } from 'antd';
import { BorderOutlined, DeleteOutlined, GatewayOutlined } from '@ant-design/icons';
import type { BaseLayer, DrawMode, Projection } from './types';

export interface MapToolbarProps {
  /** The base maps to choose from; the switch shows with two or more. */
  baseLayers?: readonly BaseLayer[];
  baseLayer?: BaseLayer;
  onBaseLayerChange?: (layer: BaseLayer) => void;
  projection?: Projection;
  onProjectionChange?: (projection: Projection) => void;
  drawMode?: DrawMode;
  /** Shows the drawing buttons. */
  onDrawModeChange?: (mode: DrawMode) => void;
  /** Shows 清除 (enabled when `canClear`). */
  onClear?: () => void;
  canClear?: boolean;
}

const DRAW_HINTS: Record<NonNullable<DrawMode>, string> = {
  rectangle: '单击起点，移动后再单击结束（也可拖动）；Esc 取消',
  polygon: '单击添加顶点，单击起点或按回车结束；Esc 取消',
};

export function MapToolbar({
  baseLayers = [],
  baseLayer,
  onBaseLayerChange,
  projection = 'mercator',
  onProjectionChange,
  drawMode = null,
  onDrawModeChange,
  onClear,
  canClear = true,
}: MapToolbarProps) {
  const toggle = (mode: NonNullable<DrawMode>) =>
    onDrawModeChange?.(drawMode === mode ? null : mode);
  return (
    <div className="map-toolbar" data-testid="map-toolbar">
      {baseLayers.length > 1 && onBaseLayerChange && (
        <Select
          size="small"
          style={{ width: 120 }}
          aria-label="底图"
          data-testid="map-base-layer"
          value={baseLayer?.id ?? baseLayers[0]?.id}
          options={baseLayers.map((layer) => ({ value: layer.id, label: layer.name }))}
          onChange={(id) => {
            const chosen = baseLayers.find((layer) => layer.id === id);
            if (chosen) onBaseLayerChange(chosen);
          }}
        />
      )}
      {onProjectionChange && (
        <Segmented<Projection>
          size="small"
          data-testid="map-projection"
          value={projection}
          onChange={onProjectionChange}
          options={[
            { value: 'mercator', label: '平面' },
            { value: 'globe', label: '球面' },
          ]}
        />
      )}
      {onDrawModeChange && (
        <>
          <Tooltip title="绘制矩形范围">
            <Button
              size="small"
              icon={<BorderOutlined />}
              type={drawMode === 'rectangle' ? 'primary' : 'default'}
              aria-pressed={drawMode === 'rectangle'}
              data-testid="map-draw-rectangle"
              onClick={() => toggle('rectangle')}
            >
              矩形
            </Button>
          </Tooltip>
          <Tooltip title="绘制多边形范围">
            <Button
              size="small"
              icon={<GatewayOutlined />}
              type={drawMode === 'polygon' ? 'primary' : 'default'}
              aria-pressed={drawMode === 'polygon'}
              data-testid="map-draw-polygon"
              onClick={() => toggle('polygon')}
            >
              多边形
            </Button>
          </Tooltip>
        </>
      )}
      {onClear && (
        <Button
          size="small"
          icon={<DeleteOutlined />}
          disabled={!canClear}
          data-testid="map-clear"
          onClick={onClear}
        >
          清除
        </Button>
      )}
      {drawMode && <span className="map-toolbar__hint">{DRAW_HINTS[drawMode]}</span>}
    </div>
  );
}
