// What the map shows, as plain data, and the commands that turn one scene into the next
// (pure; tested in scene.test.ts). MapCanvas keeps the scene it has applied, diffs the
// props' scene against it on every render and runs only the commands: a prop that did not
// change does nothing. What the user does (drawing a shape) updates the applied scene too,
// so the same shape coming back as a prop is no change; that is the guard against update
// loops between the map and React.
import { sameBaseLayer } from './baseLayers';
import type {
  BaseLayer,
  Bbox,
  DrawMode,
  DrawnShape,
  LayerPaint,
  MapLayer,
  MapViewProps,
  Projection,
} from './types';

export interface MapScene {
  baseLayer: BaseLayer;
  projection: Projection;
  /** The box the view was last fitted to by the page. */
  extent: Bbox | null;
  /** The least zoom a fit to `extent` may end at (0: any). */
  extentMinZoom: number;
  /** Extra layers, bottom first, the highlight last. */
  overlays: readonly MapLayer[];
  /** undefined: the page leaves the drawn shape to the user (it is not controlled). */
  drawn: DrawnShape | null | undefined;
  drawMode: DrawMode;
}

export type MapCommand =
  | { kind: 'setBaseLayer'; baseLayer: BaseLayer }
  | { kind: 'setProjection'; projection: Projection }
  | { kind: 'fitBounds'; bbox: Bbox; minZoom: number }
  /** `before`: the overlay to insert under; absent: on top of the other overlays. */
  | { kind: 'addOverlay'; layer: MapLayer; before?: string }
  | { kind: 'removeOverlay'; id: string }
  | { kind: 'setOverlayData'; id: string; data: Extract<MapLayer, { kind: 'geojson' }>['data'] }
  | { kind: 'setOverlayVisibility'; id: string; visible: boolean }
  /** Its paint values or filter changed (the same parts): drawn anew from the same source. */
  | { kind: 'restyleOverlay'; layer: MapLayer }
  | { kind: 'setDrawn'; shape: DrawnShape | null }
  | { kind: 'setDrawMode'; mode: DrawMode };

/** The id of the overlay that highlights `highlight`; no page layer may use it. */
export const HIGHLIGHT_ID = '_highlight';

export const HIGHLIGHT_PAINT: LayerPaint = {
  fillColor: '#1677ff',
  fillOpacity: 0.12,
  lineColor: '#0b4aa2',
  lineWidth: 2.5,
};

/** The scene the props ask for; `vec` is the default base layer. */
export function sceneOf(props: MapViewProps, vec: BaseLayer): MapScene {
  const overlays: MapLayer[] = [...(props.layers ?? [])];
  if (props.highlight) {
    overlays.push({
      id: HIGHLIGHT_ID,
      kind: 'geojson',
      data: props.highlight,
      paint: HIGHLIGHT_PAINT,
    });
  }
  return {
    baseLayer: props.baseLayer ?? vec,
    projection: props.projection ?? 'mercator',
    extent: props.extent ?? null,
    extentMinZoom: props.extentMinZoom ?? 0,
    overlays,
    drawn: props.drawn,
    drawMode: props.drawMode ?? null,
  };
}

export function sameBbox(a: Bbox | null, b: Bbox | null): boolean {
  if (a === null || b === null) return a === b;
  return a.every((value, index) => value === b[index]);
}

/**
 * Everything about a layer but its data, visibility, paint values and filter: a change here
 * re-adds it. Which parts it has (the paint's keys) is part of it.
 */
function layerShape(layer: MapLayer): string {
  const parts = Object.keys(layer.paint).sort();
  if (layer.kind === 'geojson') return JSON.stringify(['geojson', parts, layer.interactive]);
  if (layer.kind === 'image') return JSON.stringify(['image', parts, layer.url, layer.coordinates]);
  const { tiles, sourceLayer, minzoom, maxzoom, interactive } = layer;
  return JSON.stringify(['vector', parts, tiles, sourceLayer, minzoom, maxzoom, interactive]);
}

/** How a kept layer is drawn: a change here restyles it (a choropleth's colours, a filter). */
function layerStyle(layer: MapLayer): string {
  return JSON.stringify([layer.paint, layer.kind === 'vector' ? layer.filter : undefined]);
}

function overlayCommands(before: readonly MapLayer[], after: readonly MapLayer[]): MapCommand[] {
  const old = new Map(before.map((layer) => [layer.id, layer]));
  const kept = (layer: MapLayer) => {
    const previous = old.get(layer.id);
    return previous !== undefined && layerShape(previous) === layerShape(layer);
  };
  // Layers that stay keep their order, or everything is laid again.
  const stayingIds = after.filter(kept).map((layer) => layer.id);
  const stayingBefore = before.map((layer) => layer.id).filter((id) => stayingIds.includes(id));
  const inOrder = stayingIds.every((id, index) => stayingBefore[index] === id);
  const stays = (layer: MapLayer) => inOrder && kept(layer);

  const commands: MapCommand[] = [];
  const remaining = new Set(after.filter(stays).map((layer) => layer.id));
  for (const layer of before) {
    if (!remaining.has(layer.id)) commands.push({ kind: 'removeOverlay', id: layer.id });
  }
  after.forEach((layer, index) => {
    if (stays(layer)) {
      const previous = old.get(layer.id);
      if (layer.kind === 'geojson' && previous?.kind === 'geojson' && previous.data !== layer.data)
        commands.push({ kind: 'setOverlayData', id: layer.id, data: layer.data });
      if (previous && layerStyle(previous) !== layerStyle(layer))
        commands.push({ kind: 'restyleOverlay', layer });
      const visible = layer.visible ?? true;
      if ((previous?.visible ?? true) !== visible)
        commands.push({ kind: 'setOverlayVisibility', id: layer.id, visible });
      return;
    }
    // Under the next layer that is already there, if any.
    const next = after.slice(index + 1).find((candidate) => remaining.has(candidate.id));
    commands.push({ kind: 'addOverlay', layer, ...(next && { before: next.id }) });
  });
  return commands;
}

/**
 * The commands that change the map from `applied` to `wanted`, in the order to run them.
 * A new base layer comes first: MapCanvas carries the overlays and the drawing over to it.
 */
export function diffScene(applied: MapScene, wanted: MapScene): MapCommand[] {
  const commands: MapCommand[] = [];
  if (!sameBaseLayer(applied.baseLayer, wanted.baseLayer))
    commands.push({ kind: 'setBaseLayer', baseLayer: wanted.baseLayer });
  if (applied.projection !== wanted.projection)
    commands.push({ kind: 'setProjection', projection: wanted.projection });
  commands.push(...overlayCommands(applied.overlays, wanted.overlays));
  if (wanted.drawn !== undefined && applied.drawn !== wanted.drawn)
    commands.push({ kind: 'setDrawn', shape: wanted.drawn });
  if (applied.drawMode !== wanted.drawMode)
    commands.push({ kind: 'setDrawMode', mode: wanted.drawMode });
  if (wanted.extent && !sameBbox(applied.extent, wanted.extent))
    commands.push({ kind: 'fitBounds', bbox: wanted.extent, minZoom: wanted.extentMinZoom });
  return commands;
}
