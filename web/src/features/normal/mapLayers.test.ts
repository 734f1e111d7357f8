import { describe, expect, it } from 'vitest';
import type { MultiPolygon, Polygon } from 'geojson';
import type { Coverage, SceneItem } from './api/types';
import { FOOTPRINTS, footprintsOf, queryLayers } from './mapLayers';

const square: Polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [114, 30],
      [115, 30],
      [115, 31],
      [114, 31],
      [114, 30],
    ],
  ],
};
const multi: MultiPolygon = { type: 'MultiPolygon', coordinates: [square.coordinates] };

const item = (id: string): SceneItem => ({
  id,
  fileName: `${id}.tar.gz`,
  satellite: 'GF1',
  sensor: 'PMS1',
  acquiredAt: '2026-10-03T03:24:10Z',
  cloud: 5,
  online: true,
  demo: true,
  footprint: square,
});

const coverage: Coverage = {
  aoiAreaKm2: 10,
  coveredAreaKm2: 5,
  ratio: 0.5,
  sceneCount: 2,
  covered: multi,
  notCovered: multi,
  suggestion: { ids: ['a'], coveredAreaKm2: 5, ratio: 0.5 },
};

const nothing = {
  footprints: null,
  hovered: null,
  figures: [],
  upload: null,
  coverage: null,
  origin: 'http://127.0.0.1:8080',
};

describe('the image query layers', () => {
  it('carries each scene id on its footprint, for hovering', () => {
    const footprints = footprintsOf([item('a'), item('b')]);
    expect(footprints.features.map((feature) => feature.properties.id)).toEqual(['a', 'b']);
    const [layer] = queryLayers({ ...nothing, footprints });
    expect(layer).toMatchObject({ id: FOOTPRINTS, kind: 'geojson', interactive: true });
  });

  it('lays quick-looks lowest and the hovered footprint on top', () => {
    const footprints = footprintsOf([item('a')]);
    const layers = queryLayers({
      ...nothing,
      footprints,
      hovered: footprints.features[0] ?? null,
      figures: [
        {
          id: 'a',
          url: '/api/normal/v5/quicklook/a',
          coordinates: [
            [114, 31],
            [115, 31],
            [115, 30],
            [114, 30],
          ],
        },
      ],
      upload: { type: 'Feature', properties: {}, geometry: multi },
      coverage: { data: coverage, shown: { covered: true, notCovered: false } },
    });
    expect(layers.map((layer) => layer.id)).toEqual([
      'figure-a',
      'covered',
      'not-covered',
      'upload',
      FOOTPRINTS,
      'footprint-hovered',
    ]);
    expect(layers[0]).toMatchObject({
      kind: 'image',
      url: 'http://127.0.0.1:8080/api/normal/v5/quicklook/a',
    });
    expect(layers.find((layer) => layer.id === 'not-covered')?.visible).toBe(false);
  });

  it('shows nothing without results', () => {
    expect(queryLayers(nothing)).toEqual([]);
  });
});
