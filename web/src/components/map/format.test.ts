import { describe, expect, it } from 'vitest';
import { bboxOf, formatLngLat } from './format';

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
