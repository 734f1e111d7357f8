// The display modes of a theme's page and the rules of switching between them (spec §4;
// pure, tested in modes.test.ts). A mode is a row of MODES; a theme offers the rows its
// configuration names (`modes`), and the switch and the tabs follow.
import { NO_RANGE_MESSAGE } from '../../lib/monitoringRule';
import {
  ALL,
  DETAIL,
  GRID,
  SEQUENCE,
  STATISTICS,
  TREND,
  areaWithin,
  checkAllIfNone,
  defaultState,
  type Mode,
  type MonitorState,
} from './state';
import type { ThemeInfo, ThemeMode } from './api/types';

export interface ModeRule {
  mode: Mode;
  /** Its name in a theme's configuration. */
  name: ThemeMode;
  /** The tab's label. */
  label: string;
  /** Anonymous visitors log in first; the switch is tried again after. */
  needsLogin: boolean;
  /** A regionId area range is needed; the area filter stays within it. */
  needsRange: boolean;
  /** With no legend item checked, 全部 is checked. */
  checksAll: boolean;
  /** The statistics type is all (the legend's 全部 alone), and the grid level set if unset. */
  grid: boolean;
}

const rule = (
  mode: Mode,
  name: ThemeMode,
  label: string,
  flags: Partial<Omit<ModeRule, 'mode' | 'name' | 'label'>> = {},
): ModeRule => ({
  mode,
  name,
  label,
  needsLogin: false,
  needsRange: false,
  checksAll: false,
  grid: false,
  ...flags,
});

export const MODES: readonly ModeRule[] = [
  rule(STATISTICS, 'statistics', '统计'),
  rule(DETAIL, 'detail', '详情', { needsLogin: true, needsRange: true, checksAll: true }),
  rule(GRID, 'grid', '网格', { checksAll: true, grid: true }),
  rule(SEQUENCE, 'sequence', '序列', { needsRange: true, checksAll: true }),
  rule(TREND, 'trend', '趋势'),
];

export function modeRule(mode: Mode): ModeRule {
  const found = MODES.find((candidate) => candidate.mode === mode);
  if (!found) throw new Error(`no rule for mode ${mode}`);
  return found;
}

/** The modes a theme's page offers, in tab order (a theme's `modes` names them). */
export function modesOf(theme: Pick<ThemeInfo, 'modes'>): ModeRule[] {
  return MODES.filter((candidate) => theme.modes.includes(candidate.name));
}

/** Who is switching: logged in or not, and the region codes of their regionId ranges. */
export interface Switcher {
  loggedIn: boolean;
  ranges: readonly string[];
}

export type ModeSwitch =
  /** Open the login dialog, then try again. */
  | { kind: 'login' }
  /** Stay, and say why. */
  | { kind: 'refuse'; message: string }
  | { kind: 'switch'; state: MonitorState };

/** What a mode's rules read of the theme: its grid level. */
export type ModeTheme = Pick<ThemeInfo, 'gridLevel'>;

/** The state of entering `mode` from `state`, the rules of the mode applied. */
function enter(
  state: MonitorState,
  entered: ModeRule,
  ranges: readonly string[],
  theme: ModeTheme,
): MonitorState {
  const legend = entered.checksAll ? checkAllIfNone(state.legend) : state.legend;
  return {
    ...state,
    mode: entered.mode,
    region: entered.needsRange ? areaWithin(state.region, ranges) : state.region,
    legend: entered.grid ? { ...legend, checked: [ALL] } : legend,
    gridLevel: entered.grid ? (state.gridLevel ?? theme.gridLevel) : state.gridLevel,
    paging: { ...state.paging, pageNum: 1 },
  };
}

/** What switching from `state` to `mode` does (spec §4). */
export function switchMode(
  state: MonitorState,
  mode: Mode,
  who: Switcher,
  theme: ModeTheme,
): ModeSwitch {
  const entered = modeRule(mode);
  if (entered.needsLogin && !who.loggedIn) return { kind: 'login' };
  if (entered.needsRange && who.ranges.length === 0)
    return { kind: 'refuse', message: NO_RANGE_MESSAGE };
  return { kind: 'switch', state: enter(state, entered, who.ranges, theme) };
}

/** 清空: the theme's defaults, in the mode shown (its rules applied again). */
export function cleared(
  state: MonitorState,
  theme: Pick<ThemeInfo, 'typeDict' | 'gridLevel'>,
  ranges: readonly string[],
): MonitorState {
  return enter(defaultState(theme), modeRule(state.mode), ranges, theme);
}
