import { describe, expect, it } from 'vitest';
import { exportName, exportRows, km2, percent } from './coverage';

describe('coverage figures', () => {
  it('write shares as percentages and areas in whole km²', () => {
    expect(percent(0.87349)).toBe('87.3%');
    expect(percent(1)).toBe('100.0%');
    expect(km2(185_912.6)).toBe('185,913');
  });

  it('export a row per region as the table shows it', () => {
    const rows = exportRows([
      {
        regionId: '420100',
        name: '武汉市',
        hasChildren: true,
        areaKm2: 8569.4,
        coveredKm2: 8000.2,
        ratio: 0.93358,
      },
    ]);
    expect(rows).toEqual([['420100', '武汉市', 8569, 8000, 93.4]]);
    expect(exportName('湖北省', 2025, 3)).toBe('覆盖统计_湖北省_2025年第三季度.csv');
    expect(exportName('全国', 2024, 0)).toBe('覆盖统计_全国_2024年全年.csv');
  });
});
