// The coverage statistics page's choices and figures (pure; tested in coverage.test.ts): the
// quarters, resolution classes and cloud limits offered, the table's rows and their export.
import type { Cell } from '../../lib/csv';
import type { RegionCoverage } from './api/getCoverage';

/** Quarters of a year, 0 the whole year (Beijing time, as the server counts them). */
export const QUARTERS = [
  { value: 0, label: '全年' },
  { value: 1, label: '第一季度' },
  { value: 2, label: '第二季度' },
  { value: 3, label: '第三季度' },
  { value: 4, label: '第四季度' },
] as const;

/** Resolution classes of the satellites (spec §9: 1 to 4), 0 all. */
export const RESOLUTIONS = [
  { value: 0, label: '全部分辨率' },
  { value: 1, label: '优于1米' },
  { value: 2, label: '1–4米' },
  { value: 3, label: '4–16米' },
  { value: 4, label: '16米以上' },
] as const;

/** Cloud limits offered, percent; 100 counts every scene. */
export const CLOUDS = [
  { value: 100, label: '云量不限' },
  { value: 10, label: '云量≤10%' },
  { value: 20, label: '云量≤20%' },
  { value: 30, label: '云量≤30%' },
  { value: 50, label: '云量≤50%' },
] as const;

/** A share as a percentage with one decimal, e.g. 0.8734 → '87.3%'. */
export function percent(ratio: number): string {
  return `${(ratio * 100).toFixed(1)}%`;
}

/** An area in km², whole numbers with separators. */
export function km2(value: number): string {
  return Math.round(value).toLocaleString('zh-CN');
}

/** The export's header and rows: one per region, as the table shows them. */
export const EXPORT_HEADER = [
  '行政区代码',
  '行政区',
  '面积（平方千米）',
  '覆盖面积（平方千米）',
  '覆盖率（%）',
];

export function exportRows(rows: readonly RegionCoverage[]): Cell[][] {
  return rows.map((row) => [
    row.regionId,
    row.name,
    Math.round(row.areaKm2),
    Math.round(row.coveredKm2),
    Number((row.ratio * 100).toFixed(1)),
  ]);
}

/** The file name of an export, e.g. 覆盖统计_湖北省_2025年第三季度.csv. */
export function exportName(region: string, year: number, quarter: number): string {
  const period = QUARTERS.find((q) => q.value === quarter)?.label ?? '';
  return `覆盖统计_${region}_${year}年${period}.csv`;
}
