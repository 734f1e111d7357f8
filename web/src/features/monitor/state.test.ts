import { describe, expect, it } from 'vitest';
import {
  ALL,
  DETAIL,
  WHOLE_RANGE,
  areaWithin,
  crumbsOf,
  SEQUENCE_SIZE,
  defaultState,
  gridQuery,
  lastSequencePage,
  legendBy,
  legendChoices,
  legendDict,
  legendQuery,
  listQuery,
  refilter,
  sequenceBatches,
  spotFilterQuery,
  statisticsQuery,
  toggleLegend,
  trendQuery,
  type Legend,
} from './state';

const windmill = { typeDict: null };
const landcover = { typeDict: 'SPOT_META_TYPE' };

describe('the default state', () => {
  it('opens STATISTICS of the latest batch over the whole range, nothing in the legend checked', () => {
    const state = defaultState(windmill);
    expect(state).toMatchObject({ mode: 1, batch: null, region: null, measure: 'count' });
    expect(state.legend).toEqual({ by: 'change', checked: [] });
    expect(state.paging).toEqual({ pageNum: 1, pageSize: 20 });
    // A theme that types its spots classifies its legend by type.
    expect(defaultState(landcover).legend.by).toBe('tblx');
  });

  it('leaves the grid level unset, colours cells by count, shows the latest batches, stacks by type if typed', () => {
    expect(defaultState(windmill)).toMatchObject({
      gridLevel: null,
      gridMeasure: 'count',
      sequencePage: 0,
      trendBy: 'change',
    });
    expect(defaultState(landcover).trendBy).toBe('type');
  });
});

describe('the queries', () => {
  it('asks STATISTICS for the batch over the region, and nothing it does not know', () => {
    const state = defaultState(windmill);
    expect(statisticsQuery(state)).toEqual({});
    expect(statisticsQuery({ ...state, batch: '2025Q2', region: '420100', stage: '2' })).toEqual({
      batch: '2025Q2',
      xzqdm: '420100',
    });
  });

  it('asks DETAIL for every filter given, the legend and the page', () => {
    const state = {
      ...defaultState(landcover),
      mode: DETAIL,
      batch: '2025Q2',
      region: '420111',
      stage: '2',
      tblx: '1',
      filename: '  HB_2025 ',
      legend: { by: 'tblx', checked: ['3', '1'] },
      paging: { pageNum: 3, pageSize: 20 },
    } satisfies ReturnType<typeof defaultState>;
    expect(listQuery(state)).toEqual({
      batch: '2025Q2',
      xzqdm: '420111',
      stage: '2',
      tblx: '1',
      filename: 'HB_2025',
      termChoose: 'tblx',
      termData: '1,3',
      pageNum: 3,
      pageSize: 20,
    });
    // Nothing checked in the legend: nothing to ask for.
    expect(listQuery({ ...state, legend: { by: 'tblx', checked: [] } })).toBeNull();
    // Nothing given: only the legend.
    const plain = { ...defaultState(windmill), legend: { by: 'change', checked: [ALL] } } as const;
    expect(spotFilterQuery(plain)).toEqual({ termChoose: 'all' });
  });

  it('asks GRID for the filters at the grid level', () => {
    const state = {
      ...defaultState(windmill),
      batch: '2025Q1',
      region: '420100',
      legend: { by: 'change', checked: [ALL] },
    } as const;
    expect(gridQuery(state, 13)).toEqual({
      batch: '2025Q1',
      xzqdm: '420100',
      termChoose: 'all',
      level: 13,
    });
  });

  it('asks TREND for the filters over every batch, every spot when nothing is checked', () => {
    const state = { ...defaultState(windmill), batch: '2025Q1', region: '420100', stage: '2' };
    expect(trendQuery(state)).toEqual({ xzqdm: '420100', stage: '2', termChoose: 'all' });
    expect(trendQuery({ ...state, legend: { by: 'change', checked: ['1'] } })).toMatchObject({
      termChoose: 'change',
      termData: '1',
    });
  });

  it('sends the legend as all when 全部 is checked, else the values of what it classifies by', () => {
    expect(legendQuery({ by: 'stage', checked: [ALL] })).toEqual({ termChoose: 'all' });
    expect(legendQuery({ by: 'change', checked: ['2', '0'] })).toEqual({
      termChoose: 'change',
      termData: '0,2',
    });
  });
});

describe('the legend', () => {
  const legend: Legend = { by: 'change', checked: [ALL] };

  it('unchecks 全部 when a value is checked, and the values when 全部 is', () => {
    const one = toggleLegend(legend, '1', true);
    expect(one.checked).toEqual(['1']);
    const two = toggleLegend(one, '2', true);
    expect(two.checked).toEqual(['1', '2']);
    expect(toggleLegend(two, '1', false).checked).toEqual(['2']);
    expect(toggleLegend(two, ALL, true).checked).toEqual([ALL]);
    expect(toggleLegend(legend, ALL, false).checked).toEqual([]);
  });

  it('checks 全部 when it classifies by something else', () => {
    expect(legendBy({ by: 'change', checked: ['1'] }, 'stage')).toEqual({
      by: 'stage',
      checked: [ALL],
    });
    const same = { by: 'change', checked: ['1'] } as const;
    expect(legendBy(same, 'change')).toBe(same);
  });
});

describe("the legend's choices", () => {
  it('offer type only to a theme that types its spots, each named by its dictionary', () => {
    expect(legendChoices(windmill).map((choice) => choice.label)).toEqual(['按阶段', '按变化']);
    expect(legendChoices(landcover).map((choice) => choice.value)).toEqual([
      'tblx',
      'stage',
      'change',
    ]);
    const theme = { typeDict: 'SPOT_META_TYPE', stageDict: 'SPOT_META_STAGE_V2' };
    expect(legendDict(theme, 'tblx')).toBe('SPOT_META_TYPE');
    expect(legendDict(theme, 'stage')).toBe('SPOT_META_STAGE_V2');
    expect(legendDict(theme, 'change')).toBe('STEELPLANT_META_STAGE');
  });
});

describe('refilter', () => {
  it('starts the list again at its first page, and the sequence at the latest batches', () => {
    const state = {
      ...defaultState(windmill),
      paging: { pageNum: 4, pageSize: 20 },
      sequencePage: 2,
    };
    expect(refilter(state, { stage: '1' })).toMatchObject({
      stage: '1',
      paging: { pageNum: 1, pageSize: 20 },
      sequencePage: 0,
    });
  });
});

describe("SEQUENCE's batches", () => {
  // Newest first, as the server lists them.
  const batches = ['12', '11', '10', '9', '8', '7', '6', '5', '4', '3', '2', '1'];

  it('shows five at a time, the latest first, each page oldest to newest left to right', () => {
    expect(SEQUENCE_SIZE).toBe(5);
    expect(sequenceBatches(batches, 0)).toEqual(['8', '9', '10', '11', '12']);
    expect(sequenceBatches(batches, 1)).toEqual(['3', '4', '5', '6', '7']);
    expect(sequenceBatches(batches, 2)).toEqual(['1', '2']);
    expect(sequenceBatches(batches.slice(0, 3), 0)).toEqual(['10', '11', '12']);
  });

  it('pages back as far as the oldest batch', () => {
    expect(lastSequencePage(12)).toBe(2);
    expect(lastSequencePage(10)).toBe(1);
    expect(lastSequencePage(5)).toBe(0);
    expect(lastSequencePage(0)).toBe(0);
  });
});

describe('areaWithin (spec §4)', () => {
  it('keeps the selected region when the ranges cover it, else the whole range', () => {
    expect(areaWithin('420111', ['420000'])).toBe('420111');
    expect(areaWithin('440100', ['420000'])).toBeNull();
    // A region above the range is not covered by it: the whole range instead.
    expect(areaWithin('100000', ['420000'])).toBeNull();
    expect(areaWithin('440100', ['100000'])).toBe('440100');
    expect(areaWithin(null, ['420000'])).toBeNull();
  });
});

describe('crumbsOf', () => {
  const lineage = [
    { id: '100000', name: '中华人民共和国' },
    { id: '420000', name: '湖北省' },
    { id: '420100', name: '武汉市' },
  ];

  it('goes from the top of a single range down to the region', () => {
    expect(crumbsOf(lineage, ['420000'])).toEqual([
      { id: '420000', name: '湖北省' },
      { id: '420100', name: '武汉市' },
    ]);
    expect(crumbsOf(lineage, ['100000']).map((crumb) => crumb.name)).toEqual([
      '中华人民共和国',
      '湖北省',
      '武汉市',
    ]);
  });

  it('starts at the whole range for a caller with several ranges', () => {
    expect(crumbsOf(lineage, ['420000', '430000'])).toEqual([
      { id: null, name: WHOLE_RANGE },
      { id: '420000', name: '湖北省' },
      { id: '420100', name: '武汉市' },
    ]);
    expect(crumbsOf(lineage.slice(0, 1), ['420000', '430000'])).toEqual([
      { id: null, name: WHOLE_RANGE },
    ]);
  });
});
