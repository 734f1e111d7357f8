import { describe, expect, it } from 'vitest';
import { formatAcquired, formatRatio, formatResolution } from './format';

describe('the image query figures', () => {
  it('writes acquisition times in Beijing time', () => {
    expect(formatAcquired('2026-10-03T03:24:10Z')).toBe('2026-10-03 11:24');
    expect(formatAcquired('2026-10-03T19:00:00Z')).toBe('2026-10-04 03:00');
  });

  it('writes ratios as percentages, never 0% for a sliver or above 100%', () => {
    expect(formatRatio(0.87354)).toBe('87.35%');
    expect(formatRatio(1)).toBe('100.00%');
    expect(formatRatio(1.0000001)).toBe('100.00%');
    expect(formatRatio(0.00000001)).toBe('<0.01%');
    expect(formatRatio(0)).toBe('0.00%');
  });

  it('writes resolutions in metres', () => {
    expect(formatResolution(0.8)).toBe('0.8 米');
    expect(formatResolution(2)).toBe('2 米');
    expect(formatResolution(null)).toBe('—');
  });
});
