// The states of a spot's verification record (SPOT_BJHS_STATE, issue 18) in the words and
// colours every page shows them in: the verification pages colour spots and rows by them,
// the statistics stack them.
import type { components } from '../api/schema';

/** Records counted by state, as the server counts them. */
export type StateCounts = components['schemas']['StateCounts'];

/** A state's key in [`StateCounts`]. */
export type CheckState = keyof StateCounts;

/** The states in the order a record moves through them, with label and colour. */
export const CHECK_STATES: readonly { key: CheckState; label: string; color: string }[] = [
  { key: 'pending', label: '待核查', color: '#bfbfbf' },
  { key: 'draft', label: '核查中', color: '#1677ff' },
  { key: 'submitted', label: '已提交', color: '#fa8c16' },
  { key: 'returned', label: '已退回', color: '#f5222d' },
  { key: 'approved', label: '已通过', color: '#52c41a' },
];

/** The share of records approved, 0–100, rounded down to a whole percent (0 of none). */
export function approvedShare(pushed: number, states: StateCounts): number {
  return pushed > 0 ? Math.floor((states.approved * 100) / pushed) : 0;
}
