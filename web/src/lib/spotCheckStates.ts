// The states of a spot's verification record (SPOT_BJHS_STATE, issue 18) in the words and
// colours every page shows them in: 图斑推送 colours spots and rows by them, the push
// statistics stack them.
import type { components } from '../api/schema';

/** Records counted by state, as the server counts them. */
export type StateCounts = components['schemas']['StateCounts'];

/** A record's state. */
export type CheckState = keyof StateCounts;

/** The states in the order a record moves through them. */
export const STATES: readonly CheckState[] = [
  'pending',
  'draft',
  'submitted',
  'returned',
  'approved',
];

export const STATE_LABELS: Record<CheckState, string> = {
  pending: '待核查',
  draft: '核查中',
  submitted: '已提交',
  returned: '已退回',
  approved: '已通过',
};

/** The colour of each state on maps, legends and charts. */
export const STATE_COLORS: Record<CheckState, string> = {
  pending: '#8c8c8c',
  draft: '#1677ff',
  submitted: '#fa8c16',
  returned: '#f5222d',
  approved: '#52c41a',
};

/** The share of records approved, 0–100, rounded down to a whole percent (0 of none). */
export function approvedShare(pushed: number, states: StateCounts): number {
  return pushed > 0 ? Math.floor((states.approved * 100) / pushed) : 0;
}
