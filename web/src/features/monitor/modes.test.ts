import { describe, expect, it } from 'vitest';
import { NO_RANGE_MESSAGE } from '../../lib/monitoringRule';
import { MODES, cleared, switchMode } from './modes';
import { ALL, DETAIL, STATISTICS, defaultState, type MonitorState } from './state';

const theme = { typeDict: null };
const hubei = { loggedIn: true, ranges: ['420000'] };

function state(change: Partial<MonitorState> = {}): MonitorState {
  return { ...defaultState(theme), ...change };
}

describe('switching modes (spec §4)', () => {
  it('offers 统计 and 详情, in that order', () => {
    expect(MODES.map((mode) => mode.label)).toEqual(['统计', '详情']);
  });

  it('asks an anonymous visitor to log in before DETAIL, not before STATISTICS', () => {
    const anonymous = { loggedIn: false, ranges: [] };
    expect(switchMode(state(), DETAIL, anonymous)).toEqual({ kind: 'login' });
    expect(switchMode(state({ mode: DETAIL }), STATISTICS, anonymous)).toMatchObject({
      kind: 'switch',
    });
  });

  it('refuses DETAIL without a regionId range, with the spec message', () => {
    expect(switchMode(state(), DETAIL, { loggedIn: true, ranges: [] })).toEqual({
      kind: 'refuse',
      message: NO_RANGE_MESSAGE,
    });
  });

  it('checks 全部 on entering DETAIL with no legend item checked, keeps a choice made', () => {
    const entered = switchMode(state(), DETAIL, hubei);
    expect(entered).toMatchObject({ kind: 'switch', state: { mode: DETAIL } });
    if (entered.kind === 'switch') expect(entered.state.legend.checked).toEqual([ALL]);

    const chosen = state({ legend: { by: 'change', checked: ['2'] } });
    const kept = switchMode(chosen, DETAIL, hubei);
    if (kept.kind === 'switch') expect(kept.state.legend.checked).toEqual(['2']);
  });

  it('limits the area to the selected region when the range covers it, else the whole range', () => {
    const inside = switchMode(state({ region: '420100' }), DETAIL, hubei);
    if (inside.kind === 'switch') expect(inside.state.region).toBe('420100');
    const outside = switchMode(state({ region: '440100' }), DETAIL, hubei);
    expect(outside).toMatchObject({ kind: 'switch', state: { region: null } });
  });

  it('starts the list at its first page', () => {
    const paged = state({ mode: DETAIL, paging: { pageNum: 5, pageSize: 20 } });
    expect(switchMode(paged, DETAIL, hubei)).toMatchObject({
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
    });
    expect(cleared(busy, theme, ['420000'])).toEqual({
      ...defaultState(theme),
      mode: DETAIL,
      legend: { by: 'change', checked: [ALL] },
    });
    expect(cleared(state({ batch: '2025Q1' }), theme, ['420000'])).toEqual(defaultState(theme));
  });
});
