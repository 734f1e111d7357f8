import { describe, expect, it } from 'vitest';
import type { FeatureCollection } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { carryOver, overlayLayers, overlayOfPart, overlaySource, partId } from './mapStyle';
import type { MapLayer } from './types';

const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };

describe('overlayLayers', () => {
  it('draws one layer per part the paint asks for, each for its geometries', () => {
    const layers = overlayLayers({
      id: 'aoi',
      kind: 'geojson',
      data: empty,
      paint: { fillColor: '#00f', lineColor: '#f00', lineDash: [2, 1], circleColor: '#0f0' },
    });
    expect(layers.map((layer) => [layer.id, layer.type])).toEqual([
      ['rscloud-aoi-fill', 'fill'],
      ['rscloud-aoi-line', 'line'],
      ['rscloud-aoi-circle', 'circle'],
    ]);
    expect(layers[0]).toMatchObject({
      source: 'rscloud-aoi',
      filter: ['in', ['geometry-type'], ['literal', ['Polygon', 'MultiPolygon']]],
      paint: { 'fill-color': '#00f', 'fill-opacity': 0.3 },
      layout: { visibility: 'visible' },
    });
    expect(layers[1]).toMatchObject({
      paint: { 'line-color': '#f00', 'line-width': 1.5, 'line-dasharray': [2, 1] },
    });
  });

  it('lays an image on its four corners as one raster layer', () => {
    const layer: MapLayer = {
      id: 'figure-a',
      kind: 'image',
      url: 'http://h/quicklook/a',
      coordinates: [
        [114, 31],
        [115, 31],
        [115, 30],
        [114, 30],
      ],
      paint: { rasterOpacity: 0.9 },
    };
    expect(overlaySource(layer)).toEqual({
      type: 'image',
      url: 'http://h/quicklook/a',
      coordinates: [
        [114, 31],
        [115, 31],
        [115, 30],
        [114, 30],
      ],
    });
    expect(overlayLayers(layer)).toEqual([
      {
        id: 'rscloud-figure-a-raster',
        type: 'raster',
        source: 'rscloud-figure-a',
        layout: { visibility: 'visible' },
        paint: { 'raster-opacity': 0.9, 'raster-fade-duration': 0 },
      },
    ]);
  });

  it('finds the overlay of a layer part, dashes in its id or not', () => {
    expect(overlayOfPart(partId('footprints', 'fill'))).toBe('footprints');
    expect(overlayOfPart(partId('not-covered', 'line'))).toBe('not-covered');
  });

  it('reads a vector layer from its source layer, with its filter, hidden when asked', () => {
    const layer: MapLayer = {
      id: 'provinces',
      kind: 'vector',
      tiles: ['http://h/{z}/{x}/{y}.pbf'],
      sourceLayer: 'region_v2',
      filter: ['==', ['get', 'level'], 1],
      paint: { lineColor: '#000' },
      visible: false,
      minzoom: 2,
    };
    expect(overlayLayers(layer)).toEqual([
      {
        id: 'rscloud-provinces-line',
        type: 'line',
        source: 'rscloud-provinces',
        'source-layer': 'region_v2',
        filter: [
          'all',
          [
            'in',
            ['geometry-type'],
            ['literal', ['LineString', 'MultiLineString', 'Polygon', 'MultiPolygon']],
          ],
          ['==', ['get', 'level'], 1],
        ],
        layout: { visibility: 'none', 'line-join': 'round' },
        paint: { 'line-color': '#000', 'line-width': 1.5 },
      },
    ]);
    expect(overlaySource(layer)).toEqual({
      type: 'vector',
      tiles: ['http://h/{z}/{x}/{y}.pbf'],
      minzoom: 2,
    });
  });
});

describe('carryOver', () => {
  const previous: StyleSpecification = {
    version: 8,
    sources: {
      regions: { type: 'vector', tiles: ['http://old'] },
      'rscloud-aoi': { type: 'geojson', data: empty },
      'td-polygon': { type: 'geojson', data: empty },
    },
    layers: [
      { id: 'sea', type: 'background' },
      { id: 'rscloud-aoi-line', type: 'line', source: 'rscloud-aoi' },
      { id: 'labels', type: 'symbol', source: 'regions', 'source-layer': 'label' },
      { id: 'td-polygon', type: 'fill', source: 'td-polygon' },
    ],
  };

  it('keeps the overlays under the new labels, the drawing on top, and the projection', () => {
    const next: StyleSpecification = {
      version: 8,
      sources: { world: { type: 'vector', tiles: ['http://new'] } },
      layers: [
        { id: 'land', type: 'fill', source: 'world', 'source-layer': 'land' },
        { id: 'names', type: 'symbol', source: 'world', 'source-layer': 'label' },
      ],
    };
    const style = carryOver(previous, next, 'globe');
    expect(style.layers.map((layer) => layer.id)).toEqual([
      'land',
      'rscloud-aoi-line',
      'names',
      'td-polygon',
    ]);
    expect(Object.keys(style.sources)).toEqual(['world', 'rscloud-aoi', 'td-polygon']);
    expect(style.projection).toEqual({ type: 'globe' });
  });

  it('puts the overlays on top of a raster map without labels', () => {
    const raster: StyleSpecification = {
      version: 8,
      sources: { 'base-0': { type: 'raster', tiles: ['http://x/{z}/{x}/{y}'] } },
      layers: [{ id: 'base-0', type: 'raster', source: 'base-0' }],
    };
    expect(carryOver(previous, raster, 'mercator').layers.map((layer) => layer.id)).toEqual([
      'base-0',
      'rscloud-aoi-line',
      'td-polygon',
    ]);
  });

  it('takes the first style as it is', () => {
    const first: StyleSpecification = { version: 8, sources: {}, layers: [] };
    expect(carryOver(undefined, first, 'mercator')).toEqual({
      ...first,
      projection: { type: 'mercator' },
    });
  });
});
