import { describe, expect, it } from 'vitest';
import {
  analysisName,
  analysisViews,
  categoryView,
  countryView,
  launchView,
  levelView,
  monthsBetween,
  operatorView,
  scenesView,
  type Satellite,
} from './analysis';
import type { SceneStatistics } from './api/getSceneStatistics';

function satellite(part: Partial<Satellite> & Pick<Satellite, 'value'>): Satellite {
  return {
    index: 1,
    label: part.value,
    checked: false,
    properties: 1,
    resolution: 2,
    type: 1,
    group: 'chinese/gf1',
    country: '中国',
    ...part,
  };
}

const catalogue: Satellite[] = [
  satellite({ value: 'GF1', launchDate: '2013-04-26', bestResolutionM: 2, operator: null }),
  satellite({ value: 'GF2', launchDate: '2014-08-19', bestResolutionM: 0.8, resolution: 1 }),
  satellite({ value: 'GF3', launchDate: '2016-08-10', type: 3, resolution: 1, bestResolutionM: 1 }),
  satellite({
    value: 'L8',
    properties: 2,
    country: '美国',
    launchDate: '2013-02-11',
    bestResolutionM: 15,
    resolution: 3,
    operator: 'USGS',
  }),
  satellite({
    value: 'GRACEFO1',
    properties: 3,
    type: 5,
    resolution: 4,
    country: '美国、德国',
    launchDate: '2018-05-22',
    operator: 'NASA',
  }),
];

describe('the country analysis', () => {
  it('counts a joint mission for each country, most satellites first', () => {
    const view = countryView(catalogue);
    expect(view.rows.map((row) => [row[0], row[1]])).toEqual([
      ['中国', 3],
      ['美国', 2],
      ['德国', 1],
    ]);
    // 中国: two optical and one radar, two sub-metre, launched 2013 to 2016.
    expect(view.rows[0]).toEqual(['中国', 3, 2, 0, 1, 0, 0, 2, '2013', '2016']);
    expect(view.chart.series[0]?.data).toEqual([3, 2, 1]);
  });
});

describe('the category statistics', () => {
  it('cross types with resolution classes, leaving out types without satellites', () => {
    const view = categoryView(catalogue);
    expect(view.header).toEqual(['类型', '≤1米', '1–4米', '4–16米', '>16米', '合计']);
    expect(view.rows).toEqual([
      ['光学', 1, 1, 1, 0, 3],
      ['雷达', 1, 0, 0, 0, 1],
      ['重力', 0, 0, 0, 1, 1],
    ]);
    expect(view.chart.series.map((s) => s.data)).toEqual([
      [1, 1, 0],
      [1, 0, 0],
      [1, 0, 0],
      [0, 0, 1],
    ]);
  });
});

describe('the operator view (investment pattern)', () => {
  it('counts by published operator and puts the unpublished last', () => {
    const view = operatorView(catalogue);
    expect(view.rows.map((row) => [row[0], row[2]])).toEqual([
      ['USGS', 1],
      ['NASA', 1],
      ['未公开', 3],
    ]);
  });
});

describe('the level contrast', () => {
  it('gives the best resolution per launch year and the best so far, Chinese against foreign', () => {
    const view = levelView(catalogue);
    const year = (y: string) => view.rows.find((row) => row[0] === y);
    expect(view.rows.map((row) => row[0])).toEqual([
      '2013',
      '2014',
      '2015',
      '2016',
      '2017',
      '2018',
    ]);
    expect(year('2013')).toEqual(['2013', 1, 2, 2, 1, 15, 15]);
    expect(year('2015')).toEqual(['2015', 0, null, 0.8, 0, null, 15]);
    // GRACE-FO has no resolution: launched, but the foreign best stays Landsat's.
    expect(year('2018')).toEqual(['2018', 0, null, 0.8, 1, null, 15]);
    expect(view.chart.yAxis).toMatchObject({ type: 'log', inverse: true });
  });
});

describe('the launches per year (development plan)', () => {
  it('counts each origin per year with every year in between', () => {
    const view = launchView(catalogue);
    expect(view.header).toEqual(['发射年份', '国产（颗）', '国外（颗）', '其他（颗）', '合计']);
    expect(view.rows[0]).toEqual(['2013', 1, 1, 0, 2]);
    expect(view.rows).toHaveLength(6);
    expect(view.chart.series.map((s) => s.name)).toEqual(['国产', '国外', '其他']);
  });
});

describe('the scenes by satellite and month', () => {
  const stats: SceneStatistics = {
    from: '2025-11',
    to: '2026-02',
    satellites: [
      { satellite: 'GF1', scenes: 10 },
      { satellite: 'GF2', scenes: 30 },
    ],
    months: [
      { satellite: 'GF1', month: '2025-12', scenes: 4 },
      { satellite: 'GF2', month: '2025-12', scenes: 1 },
      { satellite: 'GF2', month: '2026-02', scenes: 2 },
    ],
  };

  it('lists months across a year end', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
  });

  it('ranks satellites by scenes and fills empty months with 0', () => {
    const view = scenesView(catalogue, stats);
    expect(view.rows).toEqual([
      ['GF2', 'GF2', 30, 3],
      ['GF1', 'GF1', 10, 4],
    ]);
    expect(view.chart.xAxis.data).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(view.chart.series.map((s) => [s.name, s.data])).toEqual([
      ['GF2', [0, 1, 0, 2]],
      ['GF1', [0, 4, 0, 0]],
    ]);
  });

  it('waits for the counts on the general page only', () => {
    expect(analysisViews('general-statistic', catalogue, undefined)).toBeNull();
    expect(analysisViews('general-statistic', catalogue, stats)).toHaveLength(2);
    expect(analysisViews('country-analysis', catalogue, undefined)).toHaveLength(1);
  });
});

describe('analysisName', () => {
  it('reads the page from its path', () => {
    expect(analysisName('/satellite/analysis/level-contrast')).toBe('level-contrast');
    expect(analysisName('/satellite/analysis/nothing')).toBeNull();
  });
});
