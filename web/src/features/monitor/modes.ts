// The display modes of a theme's page and the rules of switching between them (spec §4;
// pure, tested in modes.test.ts). A mode is a row of MODES: part 2's grid, sequence and
// trend add rows, and the switch and the tabs follow.
import { NO_RANGE_MESSAGE } from '../../lib/monitoringRule';
import {
  DETAIL,
  STATISTICS,
  areaWithin,
  checkAllIfNone,
  defaultState,
  type Mode,
  type MonitorState,
} from './state';
import type { ThemeInfo } from './api/types';

export interface ModeRule {
  mode: Mode;
  /** The tab's label. */
  label: string;
  /** Anonymous visitors log in first; the switch is tried again after. */
  needsLogin: boolean;
  /** A regionId area range is needed; the area filter stays within it. */
  needsRange: boolean;
  /** With no legend item checked, 全部 is checked. */
  checksAll: boolean;
}

export const MODES: readonly ModeRule[] = [
  { mode: STATISTICS, label: '统计', needsLogin: false, needsRange: false, checksAll: false },
  { mode: DETAIL, label: '详情', needsLogin: true, needsRange: true, checksAll: true },
];

export function modeRule(mode: Mode): ModeRule {
  const rule = MODES.find((candidate) => candidate.mode === mode);
  if (!rule) throw new Error(`no rule for mode ${mode}`);
  return rule;
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

/** The state of entering `mode` from `state`, the rules of the mode applied. */
function enter(state: MonitorState, rule: ModeRule, ranges: readonly string[]): MonitorState {
  return {
    ...state,
    mode: rule.mode,
    region: rule.needsRange ? areaWithin(state.region, ranges) : state.region,
    legend: rule.checksAll ? checkAllIfNone(state.legend) : state.legend,
    paging: { ...state.paging, pageNum: 1 },
  };
}

/** What switching from `state` to `mode` does (spec §4). */
export function switchMode(state: MonitorState, mode: Mode, who: Switcher): ModeSwitch {
  const rule = modeRule(mode);
  if (rule.needsLogin && !who.loggedIn) return { kind: 'login' };
  if (rule.needsRange && who.ranges.length === 0)
    return { kind: 'refuse', message: NO_RANGE_MESSAGE };
  return { kind: 'switch', state: enter(state, rule, who.ranges) };
}

/** 清空: the theme's defaults, in the mode shown (its rules applied again). */
export function cleared(
  state: MonitorState,
  theme: Pick<ThemeInfo, 'typeDict'>,
  ranges: readonly string[],
): MonitorState {
  return enter(defaultState(theme), modeRule(state.mode), ranges);
}
