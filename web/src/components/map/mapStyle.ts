// How the engine's additions look in a MapLibre style (pure; tested in mapStyle.test.ts):
// the layers of an overlay, its source, and carrying overlays and the drawing over to a new
// base style.
import type { LayerSpecification, SourceSpecification, StyleSpecification } from 'maplibre-gl';
import type { MapScene } from './scene';
import type { MapLayer } from './types';

/** Ids of what the engine adds to a style; a base-layer switch carries them over. */
export const OVERLAY_PREFIX = 'rscloud-';
export const DRAW_PREFIX = 'td-';

export const ours = (id: string) => id.startsWith(OVERLAY_PREFIX) || id.startsWith(DRAW_PREFIX);
export const sourceId = (overlay: string) => `${OVERLAY_PREFIX}${overlay}`;
export const PARTS = ['raster', 'fill', 'line', 'circle'] as const;
export const partId = (overlay: string, part: (typeof PARTS)[number]) =>
  `${OVERLAY_PREFIX}${overlay}-${part}`;
/** The overlay a MapLibre layer of ours belongs to (the inverse of partId). */
export const overlayOfPart = (id: string) => id.slice(OVERLAY_PREFIX.length, id.lastIndexOf('-'));

/** The MapLibre layers of an overlay, one per part its paint asks for. */
export function overlayLayers(layer: MapLayer): LayerSpecification[] {
  const source = sourceId(layer.id);
  const { paint } = layer;
  const common = {
    source,
    layout: { visibility: layer.visible === false ? ('none' as const) : ('visible' as const) },
    ...(layer.kind === 'vector' && { 'source-layer': layer.sourceLayer }),
  };
  const filter = layer.kind === 'vector' ? layer.filter : undefined;
  const where = (geometry: string[]) => {
    const type = ['in', ['geometry-type'], ['literal', geometry]];
    return filter ? ['all', type, filter] : type;
  };
  if (layer.kind === 'image') {
    return [
      {
        ...common,
        id: partId(layer.id, 'raster'),
        type: 'raster',
        paint: { 'raster-opacity': paint.rasterOpacity ?? 1, 'raster-fade-duration': 0 },
      },
    ];
  }
  const parts: LayerSpecification[] = [];
  if (paint.fillColor) {
    parts.push({
      ...common,
      id: partId(layer.id, 'fill'),
      type: 'fill',
      filter: where(['Polygon', 'MultiPolygon']),
      paint: { 'fill-color': paint.fillColor, 'fill-opacity': paint.fillOpacity ?? 0.3 },
    } as LayerSpecification);
  }
  if (paint.lineColor) {
    parts.push({
      ...common,
      id: partId(layer.id, 'line'),
      type: 'line',
      filter: where(['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']),
      layout: { ...common.layout, 'line-join': 'round' },
      paint: {
        'line-color': paint.lineColor,
        'line-width': paint.lineWidth ?? 1.5,
        ...(paint.lineDash && { 'line-dasharray': [...paint.lineDash] }),
      },
    } as LayerSpecification);
  }
  if (paint.circleColor) {
    parts.push({
      ...common,
      id: partId(layer.id, 'circle'),
      type: 'circle',
      filter: where(['Point', 'MultiPoint']),
      paint: {
        'circle-color': paint.circleColor,
        'circle-radius': paint.circleRadius ?? 5,
        'circle-stroke-color': '#ffffff',
        'circle-stroke-width': 1,
      },
    } as LayerSpecification);
  }
  return parts;
}

export function overlaySource(layer: MapLayer): SourceSpecification {
  if (layer.kind === 'geojson') return { type: 'geojson', data: layer.data };
  if (layer.kind === 'image') {
    const [a, b, c, d] = layer.coordinates;
    return { type: 'image', url: layer.url, coordinates: [[...a], [...b], [...c], [...d]] };
  }
  return {
    type: 'vector',
    tiles: [...layer.tiles],
    ...(layer.minzoom !== undefined && { minzoom: layer.minzoom }),
    ...(layer.maxzoom !== undefined && { maxzoom: layer.maxzoom }),
  };
}

/**
 * The next base style with our overlays and drawing carried over from the previous one:
 * overlays under the new style's labels, the drawing on top, the projection kept.
 */
export function carryOver(
  previous: StyleSpecification | undefined,
  next: StyleSpecification,
  projection: MapScene['projection'],
): StyleSpecification {
  const kept = previous?.layers.filter((layer) => ours(layer.id)) ?? [];
  const overlays = kept.filter((layer) => layer.id.startsWith(OVERLAY_PREFIX));
  const drawing = kept.filter((layer) => layer.id.startsWith(DRAW_PREFIX));
  const labels = next.layers.findIndex((layer) => layer.type === 'symbol');
  const split = labels < 0 ? next.layers.length : labels;
  return {
    ...next,
    sources: {
      ...next.sources,
      ...Object.fromEntries(Object.entries(previous?.sources ?? {}).filter(([id]) => ours(id))),
    },
    layers: [...next.layers.slice(0, split), ...overlays, ...next.layers.slice(split), ...drawing],
    projection: { type: projection },
  };
}
