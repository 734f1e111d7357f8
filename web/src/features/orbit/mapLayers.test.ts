import { describe, expect, it } from 'vitest';
import type { PassLine, Tracks } from './api/types';
import {
  AREA_LAYER,
  PASS_LAYER,
  REACH_LAYER,
  SWATH_LAYER,
  TRACKS_LAYER,
  areaLayer,
  passLayers,
  tracksLayer,
} from './mapLayers';

const ring = (west: number, east: number) => [
  [west, 0],
  [east, 0],
  [east, 1],
  [west, 0],
];

describe('the orbit map layers', () => {
  it('draws a pass as reach under swath under track, a polygon per ring split at ±180°', () => {
    const line: PassLine = {
      satellite: 'GF1',
      label: '高分一号',
      maxOffNadirDeg: 25,
      swathKm: 60,
      track: [
        [
          [179, 0],
          [180, 1],
        ],
        [
          [-180, 1],
          [-179, 2],
        ],
      ],
      swath: [ring(179, 180), ring(-180, -179)],
      reach: [ring(178, 180)],
    };
    const layers = passLayers(line);
    expect(layers.map((layer) => layer.id)).toEqual([REACH_LAYER, SWATH_LAYER, PASS_LAYER]);
    const swath = layers[1]!;
    expect(
      swath.kind === 'geojson' && swath.data.type === 'FeatureCollection' && swath.data.features,
    ).toHaveLength(2);
    const track = layers[2]!;
    expect(
      track.kind === 'geojson' && track.data.type === 'Feature' && track.data.geometry,
    ).toEqual({
      type: 'MultiLineString',
      coordinates: line.track,
    });
  });

  it('draws every track in a colour of its own, and an uploaded area outlined', () => {
    const tracks: Tracks = {
      stepSeconds: 60,
      skipped: [],
      tracks: [
        {
          satellite: 'GF1',
          label: '高分一号',
          noradId: 1,
          lines: [
            [
              [0, 0],
              [1, 1],
            ],
          ],
        },
        {
          satellite: 'GF2',
          label: '高分二号',
          noradId: 2,
          lines: [
            [
              [0, 1],
              [1, 0],
            ],
          ],
        },
      ],
    };
    const layer = tracksLayer(tracks);
    expect(layer.id).toBe(TRACKS_LAYER);
    const colors =
      layer.kind === 'geojson' && layer.data.type === 'FeatureCollection'
        ? layer.data.features.map((feature) => feature.properties?.color as string)
        : [];
    expect(new Set(colors).size).toBe(2);
    const area = areaLayer({ type: 'MultiPolygon', coordinates: [[ring(0, 1)]] });
    expect(area.id).toBe(AREA_LAYER);
    expect(area.paint.lineColor).toBeDefined();
  });
});
