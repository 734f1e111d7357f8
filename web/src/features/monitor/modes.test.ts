import { describe, expect, it } from 'vitest';
import { NO_RANGE_MESSAGE } from '../../lib/monitoringRule';
import { MODES, cleared, modesOf, switchMode } from './modes';
import {
  ALL,
  DETAIL,
  GRID,
  SEQUENCE,
  STATISTICS,
  TREND,
  defaultState,
  type MonitorState,
} from './state';

const theme = { typeDict: null, gridLevel: 13 };
const hubei = { loggedIn: true, ranges: ['420000'] };

function state(change: Partial<MonitorState> = {}): MonitorState {
  return { ...defaultState(theme), ...change };
}

describe('switching modes (spec §4)', () => {
  it('offers 统计, 详情, 网格, 序列 and 趋势, in that order', () => {
    expect(MODES.map((mode) => mode.label)).toEqual(['统计', '详情', '网格', '序列', '趋势']);
  });

  it('offers a theme only the modes its configuration names (surfaceDeform: 统计 and 详情)', () => {
    expect(modesOf({ modes: ['statistics', 'detail'] }).map((mode) => mode.label)).toEqual([
      '统计',
      '详情',
    ]);
    const all = modesOf({ modes: ['statistics', 'detail', 'grid', 'sequence', 'trend'] });
    expect(all.map((mode) => mode.mode)).toEqual([STATISTICS, DETAIL, GRID, SEQUENCE, TREND]);
  });

  it('asks an anonymous visitor to log in before DETAIL, not before STATISTICS', () => {
    const anonymous = { loggedIn: false, ranges: [] };
    expect(switchMode(state(), DETAIL, anonymous, theme)).toEqual({ kind: 'login' });
    expect(switchMode(state({ mode: DETAIL }), STATISTICS, anonymous, theme)).toMatchObject({
      kind: 'switch',
    });
  });

  it('refuses DETAIL without a regionId range, with the spec message', () => {
    expect(switchMode(state(), DETAIL, { loggedIn: true, ranges: [] }, theme)).toEqual({
      kind: 'refuse',
      message: NO_RANGE_MESSAGE,
    });
  });

  it('checks 全部 on entering DETAIL with no legend item checked, keeps a choice made', () => {
    const entered = switchMode(state(), DETAIL, hubei, theme);
    expect(entered).toMatchObject({ kind: 'switch', state: { mode: DETAIL } });
    if (entered.kind === 'switch') expect(entered.state.legend.checked).toEqual([ALL]);

    const chosen = state({ legend: { by: 'change', checked: ['2'] } });
    const kept = switchMode(chosen, DETAIL, hubei, theme);
    if (kept.kind === 'switch') expect(kept.state.legend.checked).toEqual(['2']);
  });

  it('limits the area to the selected region when the range covers it, else the whole range', () => {
    const inside = switchMode(state({ region: '420100' }), DETAIL, hubei, theme);
    if (inside.kind === 'switch') expect(inside.state.region).toBe('420100');
    const outside = switchMode(state({ region: '440100' }), DETAIL, hubei, theme);
    expect(outside).toMatchObject({ kind: 'switch', state: { region: null } });
  });

  it("enters GRID with the statistics type all and the theme's grid level when unset", () => {
    const chosen = state({ legend: { by: 'change', checked: ['2'] } });
    const entered = switchMode(chosen, GRID, hubei, theme);
    expect(entered).toMatchObject({ kind: 'switch', state: { mode: GRID, gridLevel: 13 } });
    if (entered.kind === 'switch') expect(entered.state.legend.checked).toEqual([ALL]);
    // The road theme's level; a level the user chose stays.
    expect(switchMode(state(), GRID, hubei, { gridLevel: 14 })).toMatchObject({
      state: { gridLevel: 14 },
    });
    expect(switchMode(state({ gridLevel: 11 }), GRID, hubei, theme)).toMatchObject({
      state: { gridLevel: 11 },
    });
  });

  it('enters SEQUENCE like DETAIL: a range needed, the area within it, 全部 checked if none', () => {
    expect(switchMode(state(), SEQUENCE, { loggedIn: true, ranges: [] }, theme)).toEqual({
      kind: 'refuse',
      message: NO_RANGE_MESSAGE,
    });
    const entered = switchMode(state({ region: '440100' }), SEQUENCE, hubei, theme);
    expect(entered).toMatchObject({ kind: 'switch', state: { mode: SEQUENCE, region: null } });
    if (entered.kind === 'switch') expect(entered.state.legend.checked).toEqual([ALL]);
    const inside = switchMode(state({ region: '420100' }), SEQUENCE, hubei, theme);
    expect(inside).toMatchObject({ state: { region: '420100' } });
  });

  it('enters TREND without a range rule and leaves the legend as it is', () => {
    const entered = switchMode(
      state({ region: '440100' }),
      TREND,
      { loggedIn: true, ranges: [] },
      theme,
    );
    expect(entered).toMatchObject({ kind: 'switch', state: { mode: TREND, region: '440100' } });
    if (entered.kind === 'switch') expect(entered.state.legend.checked).toEqual([]);
  });

  it('starts the list at its first page', () => {
    const paged = state({ mode: DETAIL, paging: { pageNum: 5, pageSize: 20 } });
    expect(switchMode(paged, DETAIL, hubei, theme)).toMatchObject({
      state: { paging: { pageNum: 1 } },
    });
  });
});

describe('清空', () => {
  it('resets every filter, keeping the mode shown with its rules applied', () => {
    const busy = state({
      mode: DETAIL,
      batch: '2025Q1',
      region: '420100',
      stage: '2',
      filename: 'HB',
      measure: 'area',
      legend: { by: 'stage', checked: ['1'] },
      paging: { pageNum: 3, pageSize: 20 },
      zones: true,
    });
    expect(cleared(busy, theme, ['420000'])).toEqual({
      ...defaultState(theme),
      mode: DETAIL,
      legend: { by: 'change', checked: [ALL] },
    });
    expect(cleared(state({ batch: '2025Q1' }), theme, ['420000'])).toEqual(defaultState(theme));
  });

  it("resets GRID, SEQUENCE and TREND's own choices to their defaults", () => {
    const choices = {
      gridLevel: 11,
      gridMeasure: 'percent',
      sequencePage: 2,
      trendBy: 'type',
    } as const;
    expect(cleared(state({ ...choices, mode: GRID }), theme, ['420000'])).toMatchObject({
      mode: GRID,
      gridLevel: 13,
      gridMeasure: 'count',
      sequencePage: 0,
      legend: { checked: [ALL] },
    });
    expect(cleared(state({ ...choices, mode: TREND }), theme, ['420000'])).toEqual({
      ...defaultState(theme),
      mode: TREND,
    });
  });
});
