// TREND's and SEQUENCE's numbers per batch, and TREND's charts as ECharts options (pure;
// tested in trend.test.ts). Every batch of the answer is a point: a batch without spots is a
// zero, never a gap, and a category a batch lacks is a zero in its stack.
import type { Batch, Trend, TrendBatch, ValueTally } from './api/types';
import { M2_PER_MU } from '../../lib/figures';
import { legendColors } from './mapLayers';
import type { TrendBy } from './state';

/** One batch's row of the table. */
export interface TrendRow {
  batch: Batch;
  count: number;
  areaM2: number;
}

/** One category stacked in the bars: its count in each batch, in the batches' order. */
export interface TrendSeries {
  value: string;
  label: string;
  counts: number[];
}

export function trendRows(trend: Trend): TrendRow[] {
  return trend.batches.map(({ batch, total }) => ({ batch, ...total }));
}

/** The rows of `batches` (SEQUENCE's), in their order; a batch the trend lacks counts zero. */
export function rowsOf(trend: Trend, batches: readonly Batch[]): TrendRow[] {
  const byId = new Map(trend.batches.map((item) => [item.batch.id, item.total]));
  return batches.map((batch) => ({ batch, count: 0, areaM2: 0, ...byId.get(batch.id) }));
}

const tallies = (item: TrendBatch, by: TrendBy): ValueTally[] =>
  by === 'type' ? item.byType : item.byChange;

/** The categories of `by` over every batch (in the order first met), each batch's count. */
export function trendSeries(trend: Trend, by: TrendBy): TrendSeries[] {
  const labels = new Map<string, string>();
  for (const item of trend.batches)
    for (const tally of tallies(item, by))
      if (!labels.has(tally.value)) labels.set(tally.value, tally.label);
  return [...labels].map(([value, label]) => ({
    value,
    label,
    counts: trend.batches.map(
      (item) => tallies(item, by).find((tally) => tally.value === value)?.count ?? 0,
    ),
  }));
}

/** Area in 亩 to two decimals, as the charts show it. */
const mu = (m2: number) => Math.round((m2 / M2_PER_MU) * 100) / 100;

const axisOf = (rows: readonly TrendRow[]) => ({
  type: 'category' as const,
  data: rows.map((row) => row.batch.typeName),
  // A click on a batch's name reports it too.
  triggerEvent: true,
});

/** The line chart: count (left axis) and area in 亩 (right axis) per batch. */
export function lineOption(rows: readonly TrendRow[]) {
  return {
    tooltip: { trigger: 'axis' },
    legend: { data: ['图斑数', '面积（亩）'], bottom: 0 },
    grid: { left: 48, right: 64, top: 40, bottom: 64 },
    xAxis: axisOf(rows),
    yAxis: [
      { type: 'value', name: '图斑数（个）', minInterval: 1 },
      { type: 'value', name: '面积（亩）' },
    ],
    series: [
      { name: '图斑数', type: 'line', data: rows.map((row) => row.count), symbolSize: 8 },
      {
        name: '面积（亩）',
        type: 'line',
        yAxisIndex: 1,
        data: rows.map((row) => mu(row.areaM2)),
        symbolSize: 8,
      },
    ],
  };
}

/** The stacked bars: each batch's count split by the categories. */
export function barOption(rows: readonly TrendRow[], series: readonly TrendSeries[], by: TrendBy) {
  // The colours of the map's legend for the same values.
  const colors = legendColors(
    by === 'type' ? 'tblx' : 'change',
    series.map((item) => item.value),
  );
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    legend: { data: series.map((item) => item.label), bottom: 0 },
    grid: { left: 48, right: 24, top: 40, bottom: 64 },
    xAxis: axisOf(rows),
    yAxis: { type: 'value', name: '图斑数（个）', minInterval: 1 },
    series: series.map((item) => ({
      name: item.label,
      type: 'bar',
      stack: 'total',
      data: item.counts,
      itemStyle: { color: colors.get(item.value) },
    })),
  };
}

/** A chart's option, as TrendCharts hands it to ECharts. */
export type ChartOption = ReturnType<typeof lineOption> | ReturnType<typeof barOption>;
