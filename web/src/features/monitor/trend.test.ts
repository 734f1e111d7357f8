import { describe, expect, it } from 'vitest';
import type { Trend } from './api/types';
import { barOption, lineOption, rowsOf, trendRows, trendSeries } from './trend';

const batch = (id: string) => ({ id, typeName: `${id}批次` });
const tally = (value: string, label: string, count: number) => ({
  value,
  label,
  count,
  areaM2: count * 1000,
});

/** Oldest first; 2025Q1 has no spots at all. */
const TREND: Trend = {
  regionId: '420000',
  name: '湖北省',
  batches: [
    {
      batch: batch('2024Q4'),
      total: { count: 3, areaM2: 3000 },
      byType: [],
      byChange: [tally('1', '扩张', 3)],
    },
    { batch: batch('2025Q1'), total: { count: 0, areaM2: 0 }, byType: [], byChange: [] },
    {
      batch: batch('2025Q2'),
      total: { count: 5, areaM2: 10000 / 3 },
      byType: [],
      byChange: [tally('0', '不变', 2), tally('1', '扩张', 3)],
    },
  ],
};

describe('the trend', () => {
  it('gives a row per batch, oldest first, a batch without spots a zero', () => {
    expect(trendRows(TREND).map((row) => [row.batch.id, row.count])).toEqual([
      ['2024Q4', 3],
      ['2025Q1', 0],
      ['2025Q2', 5],
    ]);
  });

  it("gives SEQUENCE's batches their rows, zero for a batch the trend lacks", () => {
    const rows = rowsOf(TREND, [batch('2025Q2'), batch('2025Q3')]);
    expect(rows).toEqual([
      { batch: batch('2025Q2'), count: 5, areaM2: 10000 / 3 },
      { batch: batch('2025Q3'), count: 0, areaM2: 0 },
    ]);
  });

  it('stacks every category met in any batch, zero where a batch lacks it', () => {
    expect(trendSeries(TREND, 'change')).toEqual([
      { value: '1', label: '扩张', counts: [3, 0, 3] },
      { value: '0', label: '不变', counts: [0, 0, 2] },
    ]);
    expect(trendSeries(TREND, 'type')).toEqual([]);
  });

  it('draws count and area (亩) per batch as lines on two axes, a point for every batch', () => {
    const option = lineOption(trendRows(TREND));
    expect(option.xAxis.data).toEqual(['2024Q4批次', '2025Q1批次', '2025Q2批次']);
    expect(option.series.map((series) => series.data)).toEqual([
      [3, 0, 5],
      [4.5, 0, 5],
    ]);
    expect(option.series[1]).toMatchObject({ type: 'line', yAxisIndex: 1 });
  });

  it('stacks the bars by category in the colours of the map legend', () => {
    const option = barOption(trendRows(TREND), trendSeries(TREND, 'change'), 'change');
    expect(option.series).toEqual([
      expect.objectContaining({ name: '扩张', type: 'bar', stack: 'total', data: [3, 0, 3] }),
      expect.objectContaining({ name: '不变', stack: 'total', data: [0, 0, 2] }),
    ]);
    // 扩张 red and 不变 grey, as on the map.
    expect(option.series.map((series) => series.itemStyle.color)).toEqual(['#f5222d', '#8c8c8c']);
  });
});
