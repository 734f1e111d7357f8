// The base maps a deployment offers (pure; tested in baseLayers.test.ts). By default only
// VEC, rscloud's own vector basemap, so the map asks no host but the server. Tianditu's
// vector and imagery maps need a token, and any XYZ raster source can be added; both are
// build-time settings (src/app/site.ts, .env.example).
import type { BaseLayer } from './types';

/** The deployment's online base-map settings (see src/app/site.ts). */
export interface BaseMapSettings {
  /** A Tianditu key: offers TIANDITU_VEC and TIANDITU_IMG. */
  tiandituToken?: string | null | undefined;
  /** An XYZ raster tile URL template ({z}/{x}/{y}): offers XYZ. */
  xyzUrl?: string | null | undefined;
  /** What the XYZ map is called in the switcher; default 在线底图. */
  xyzName?: string | null | undefined;
}

/** rscloud's offline vector basemap, served from `origin`. */
export function vecBaseLayer(origin: string): BaseLayer {
  return {
    id: 'VEC',
    name: '矢量底图',
    kind: 'style',
    urls: [`${origin}/ows/cloudPlatform/style/vec.json`],
  };
}

/** A Tianditu WMTS layer in Web Mercator ('vec', 'cva', 'img', 'cia'); `{s}` is the host 0–7. */
function tianditu(layer: string, token: string): string {
  return (
    `https://t{s}.tianditu.gov.cn/${layer}_w/wmts?SERVICE=WMTS&REQUEST=GetTile&VERSION=1.0.0` +
    `&LAYER=${layer}&STYLE=default&TILEMATRIXSET=w&FORMAT=tiles` +
    `&TILEMATRIX={z}&TILEROW={y}&TILECOL={x}&tk=${encodeURIComponent(token)}`
  );
}

/** The base maps to offer, VEC first (the default). */
export function offeredBaseLayers(settings: BaseMapSettings, origin: string): BaseLayer[] {
  const layers = [vecBaseLayer(origin)];
  const token = settings.tiandituToken?.trim();
  if (token) {
    const attribution = '天地图';
    layers.push(
      {
        id: 'TIANDITU_VEC',
        name: '天地图矢量',
        kind: 'raster',
        urls: [tianditu('vec', token), tianditu('cva', token)],
        attribution,
      },
      {
        id: 'TIANDITU_IMG',
        name: '天地图影像',
        kind: 'raster',
        urls: [tianditu('img', token), tianditu('cia', token)],
        attribution,
      },
    );
  }
  const xyz = settings.xyzUrl?.trim();
  if (xyz) {
    layers.push({
      id: 'XYZ',
      name: settings.xyzName?.trim() || '在线底图',
      kind: 'raster',
      urls: [xyz],
    });
  }
  return layers;
}

/** A raster template's tile URLs: `{s}` is spread over hosts 0–7, others are used as is. */
export function expandTileUrl(template: string): string[] {
  if (!template.includes('{s}')) return [template];
  return Array.from({ length: 8 }, (_, host) => template.replaceAll('{s}', String(host)));
}

/** A MapLibre style (v8) drawing a raster base map, one raster layer per URL template. */
export function rasterStyle(layer: BaseLayer) {
  const ids = layer.urls.map((_, index) => `base-${index}`);
  return {
    version: 8 as const,
    name: layer.name,
    sources: Object.fromEntries(
      layer.urls.map((template, index) => [
        ids[index] ?? '',
        {
          type: 'raster' as const,
          tiles: expandTileUrl(template),
          tileSize: 256,
          ...(layer.attribution && { attribution: layer.attribution }),
        },
      ]),
    ),
    layers: ids.map((id) => ({ id, type: 'raster' as const, source: id })),
  };
}

/** Whether two base-layer values show the same map. */
export function sameBaseLayer(a: BaseLayer, b: BaseLayer): boolean {
  return a.id === b.id && a.kind === b.kind && a.urls.join('\n') === b.urls.join('\n');
}
