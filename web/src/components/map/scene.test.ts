import { describe, expect, it } from 'vitest';
import type { FeatureCollection, Polygon } from 'geojson';
import { vecBaseLayer } from './baseLayers';
import { HIGHLIGHT_ID, diffScene, sameBbox, sceneOf, type MapScene } from './scene';
import type { DrawnShape, MapLayer } from './types';

const vec = vecBaseLayer('http://127.0.0.1:8080');
const base = sceneOf({}, vec);
const empty: FeatureCollection<Polygon> = { type: 'FeatureCollection', features: [] };
const points: FeatureCollection = {
  type: 'FeatureCollection',
  features: [{ type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [1, 2] } }],
};
const hongshan = [114.168606, 30.381438, 114.63566, 30.696384] as const;
const shape: DrawnShape = {
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [114, 30],
        [115, 30],
        [115, 31],
        [114, 30],
      ],
    ],
  },
};

function geojson(id: string, data: FeatureCollection = empty, extra = {}): MapLayer {
  return { id, kind: 'geojson', data, paint: { lineColor: '#f00' }, ...extra };
}

function scene(overrides: Partial<MapScene>): MapScene {
  return { ...base, ...overrides };
}

describe('sceneOf', () => {
  it('defaults to VEC, 2D, nothing drawn or highlighted', () => {
    expect(base).toEqual({
      baseLayer: vec,
      projection: 'mercator',
      extent: null,
      extentMinZoom: 0,
      overlays: [],
      drawn: undefined,
      drawMode: null,
    });
  });

  it('puts the highlight over the page layers', () => {
    const { overlays } = sceneOf({ layers: [geojson('a')], highlight: empty }, vec);
    expect(overlays.map((layer) => layer.id)).toEqual(['a', HIGHLIGHT_ID]);
  });
});

describe('diffScene', () => {
  it('does nothing when nothing changed, even with new but equal objects', () => {
    const props = {
      extent: hongshan,
      layers: [geojson('a', points)],
      projection: 'globe' as const,
    };
    expect(
      diffScene(sceneOf(props, vec), sceneOf({ ...props, extent: [...hongshan] }, vec)),
    ).toEqual([]);
  });

  it('fits a new extent, not the same one again', () => {
    expect(diffScene(base, scene({ extent: hongshan }))).toEqual([
      { kind: 'fitBounds', bbox: hongshan, minZoom: 0 },
    ]);
    expect(diffScene(base, scene({ extent: hongshan, extentMinZoom: 8 }))).toEqual([
      { kind: 'fitBounds', bbox: hongshan, minZoom: 8 },
    ]);
    expect(diffScene(scene({ extent: hongshan }), scene({ extent: null }))).toEqual([]);
  });

  it('switches the projection and the base layer, the base layer first', () => {
    const xyz = { id: 'XYZ', name: 'x', kind: 'raster' as const, urls: ['https://x/{z}/{x}/{y}'] };
    expect(diffScene(base, scene({ projection: 'globe', baseLayer: xyz }))).toEqual([
      { kind: 'setBaseLayer', baseLayer: xyz },
      { kind: 'setProjection', projection: 'globe' },
    ]);
  });

  it('adds, updates the data of, hides and removes layers', () => {
    const a = geojson('a');
    const b = geojson('b');
    expect(diffScene(base, scene({ overlays: [a, b] }))).toEqual([
      { kind: 'addOverlay', layer: a },
      { kind: 'addOverlay', layer: b },
    ]);
    const a2 = geojson('a', points, { visible: false });
    expect(diffScene(scene({ overlays: [a, b] }), scene({ overlays: [a2] }))).toEqual([
      { kind: 'removeOverlay', id: 'b' },
      { kind: 'setOverlayData', id: 'a', data: points },
      { kind: 'setOverlayVisibility', id: 'a', visible: false },
    ]);
  });

  it('adds a layer under the ones above it', () => {
    const [a, b, c] = [geojson('a'), geojson('b'), geojson('c')];
    expect(diffScene(scene({ overlays: [a, c] }), scene({ overlays: [a, b, c] }))).toEqual([
      { kind: 'addOverlay', layer: b, before: 'c' },
    ]);
  });

  it('lays a layer again when its tiles or the parts of its paint change', () => {
    const tiles: MapLayer = {
      id: 'v',
      kind: 'vector',
      tiles: ['http://h/{z}/{x}/{y}.pbf'],
      sourceLayer: 'region',
      paint: { lineColor: '#000' },
    };
    const filled: MapLayer = { ...tiles, paint: { lineColor: '#000', fillColor: '#0f0' } };
    expect(diffScene(scene({ overlays: [tiles] }), scene({ overlays: [filled] }))).toEqual([
      { kind: 'removeOverlay', id: 'v' },
      { kind: 'addOverlay', layer: filled },
    ]);
    const moved: MapLayer = { ...tiles, tiles: ['http://other/{z}/{x}/{y}.pbf'] };
    expect(diffScene(scene({ overlays: [tiles] }), scene({ overlays: [moved] }))).toEqual([
      { kind: 'removeOverlay', id: 'v' },
      { kind: 'addOverlay', layer: moved },
    ]);
  });

  it('restyles a layer in place when only its colours or filter change', () => {
    const choropleth: MapLayer = {
      id: 'v',
      kind: 'vector',
      tiles: ['http://h/{z}/{x}/{y}.pbf'],
      sourceLayer: 'region',
      filter: ['in', ['get', 'code'], ['literal', ['420100']]],
      paint: { fillColor: ['match', ['get', 'code'], '420100', '#1c7b31', '#cccccc'] },
    };
    const recoloured: MapLayer = {
      ...choropleth,
      filter: ['in', ['get', 'code'], ['literal', ['420100', '420200']]],
      paint: { fillColor: ['match', ['get', 'code'], '420200', '#cbf162', '#cccccc'] },
    };
    expect(diffScene(scene({ overlays: [choropleth] }), scene({ overlays: [recoloured] }))).toEqual(
      [{ kind: 'restyleOverlay', layer: recoloured }],
    );
    // Equal again, in new objects: nothing to do.
    expect(
      diffScene(scene({ overlays: [recoloured] }), scene({ overlays: [{ ...recoloured }] })),
    ).toEqual([]);
  });

  it('lays every layer again when their order changes', () => {
    const [a, b] = [geojson('a'), geojson('b')];
    expect(diffScene(scene({ overlays: [a, b] }), scene({ overlays: [b, a] }))).toEqual([
      { kind: 'removeOverlay', id: 'a' },
      { kind: 'removeOverlay', id: 'b' },
      { kind: 'addOverlay', layer: b },
      { kind: 'addOverlay', layer: a },
    ]);
  });

  it('highlights a region and stops highlighting it', () => {
    const highlighted = sceneOf({ highlight: empty }, vec);
    expect(diffScene(base, highlighted)).toEqual([
      { kind: 'addOverlay', layer: highlighted.overlays[0] },
    ]);
    expect(diffScene(highlighted, base)).toEqual([{ kind: 'removeOverlay', id: HIGHLIGHT_ID }]);
  });

  it('sets the draw mode, and shows or clears a shape the page passes', () => {
    expect(diffScene(base, scene({ drawMode: 'rectangle' }))).toEqual([
      { kind: 'setDrawMode', mode: 'rectangle' },
    ]);
    expect(diffScene(base, scene({ drawn: shape }))).toEqual([{ kind: 'setDrawn', shape }]);
    expect(diffScene(scene({ drawn: shape }), scene({ drawn: null }))).toEqual([
      { kind: 'setDrawn', shape: null },
    ]);
  });

  it('leaves the shape to the user when the page does not control it', () => {
    expect(diffScene(scene({ drawn: shape }), scene({ drawn: undefined }))).toEqual([]);
  });

  it('does nothing when the shape the user drew comes back as a prop (no loop)', () => {
    // MapCanvas records the user's shape in the applied scene before telling the page.
    const applied = scene({ drawn: shape, drawMode: 'rectangle' });
    expect(diffScene(applied, scene({ drawn: shape, drawMode: 'rectangle' }))).toEqual([]);
  });
});

describe('sameBbox', () => {
  it('compares boxes by value', () => {
    expect(sameBbox(hongshan, [...hongshan])).toBe(true);
    expect(sameBbox(hongshan, [0, 0, 1, 1])).toBe(false);
    expect(sameBbox(null, null)).toBe(true);
    expect(sameBbox(hongshan, null)).toBe(false);
  });
});
