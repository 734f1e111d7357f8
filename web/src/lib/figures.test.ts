import { describe, expect, it } from 'vitest';
import {
  formatKm2,
  formatYuan,
  downloadPercent,
  formatAttr,
  formatBytes,
  formatDownload,
  formatM2,
  formatMu,
  formatRatio,
  formatResolution,
  formatShare,
} from './figures';

describe('monitoring figures', () => {
  it('write areas in m² and in 亩 (15 亩 a hectare)', () => {
    expect(formatM2(12345.67)).toBe('12,345.7 m²');
    expect(formatMu(10000)).toBe('15 亩');
    expect(formatMu(1000)).toBe('1.5 亩');
  });

  it('write a share of the total, and none of nothing', () => {
    expect(formatShare(1, 8)).toBe('12.5%');
    expect(formatShare(0, 0)).toBe('—');
  });

  it("write a download's progress, with its size when known", () => {
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(2048)).toBe('2.0 KB');
    expect(formatBytes(3 * 1024 * 1024)).toBe('3.0 MB');
    expect(formatDownload({ received: 1024, total: 4096 })).toBe('已接收 1.0 KB / 4.0 KB');
    expect(formatDownload({ received: 1024, total: null })).toBe('已接收 1.0 KB');
    expect(downloadPercent({ received: 1023, total: 4096 })).toBe(24);
    expect(downloadPercent({ received: 10, total: null })).toBeNull();
  });

  it("write a theme's own attribute, a dash when missing", () => {
    expect(formatAttr(49.456)).toBe('49.46');
    expect(formatAttr('金风科技')).toBe('金风科技');
    expect(formatAttr(null)).toBe('—');
    expect(formatAttr(undefined)).toBe('—');
  });
});

describe('area figures', () => {
  it('write areas in km² with at most two decimals', () => {
    expect(formatKm2(185900.1234)).toBe('185,900.12 km²');
    expect(formatKm2(0)).toBe('0 km²');
    expect(formatKm2(-0)).toBe('0 km²');
    expect(formatKm2(-0.001)).toBe('0 km²');
  });

  it('writes money in yuan with two decimals at most', () => {
    expect(formatYuan(1234567.891)).toBe('1,234,567.89 元');
    expect(formatYuan(0)).toBe('0 元');
  });
});

describe('coverage and scene figures', () => {
  it('write ratios as percentages, never 0% for a sliver or above 100%', () => {
    expect(formatRatio(0.87354)).toBe('87.35%');
    expect(formatRatio(1)).toBe('100.00%');
    expect(formatRatio(1.0000001)).toBe('100.00%');
    expect(formatRatio(0.00000001)).toBe('<0.01%');
    expect(formatRatio(0)).toBe('0.00%');
  });

  it('write resolutions in metres', () => {
    expect(formatResolution(0.8)).toBe('0.8 米');
    expect(formatResolution(2)).toBe('2 米');
    expect(formatResolution(null)).toBe('—');
  });
});
