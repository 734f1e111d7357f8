import { describe, expect, it } from 'vitest';
import type { MultiPolygon, Polygon } from 'geojson';
import { bboxOf, drawable, formatLngLat, shapesBox } from './format';

describe('formatLngLat', () => {
  it('writes east and north in Chinese with four decimals', () => {
    expect(formatLngLat([114.35212, 30.51234])).toBe('东经 114.3521°  北纬 30.5123°');
  });

  it('writes west and south for negative values', () => {
    expect(formatLngLat([-73.98, -33.4])).toBe('西经 73.9800°  南纬 33.4000°');
  });
});

describe('bboxOf', () => {
  it('spans every ring', () => {
    const ring = [
      [114.2, 30.4],
      [114.6, 30.4],
      [114.6, 30.7],
      [114.2, 30.4],
    ];
    expect(bboxOf([ring])).toEqual([114.2, 30.4, 114.6, 30.7]);
  });
});

describe('drawable shapes', () => {
  it('fits the map to every footprint, polygon or multipolygon, and to none without any', () => {
    const properties = {};
    const footprints: {
      type: 'FeatureCollection';
      features: { type: 'Feature'; properties: object; geometry: Polygon | MultiPolygon | null }[];
    } = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties,
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
        },
        {
          type: 'Feature',
          properties,
          geometry: {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [110, 29],
                  [111, 29],
                  [111, 32.5],
                  [110, 29],
                ],
              ],
            ],
          },
        },
        { type: 'Feature', properties, geometry: null },
      ],
    };
    const drawn = drawable(footprints);
    expect(drawn.features).toHaveLength(2);
    expect(shapesBox(drawn)).toEqual([110, 29, 115, 32.5]);
    expect(shapesBox({ type: 'FeatureCollection', features: [] })).toBeNull();
  });
});
