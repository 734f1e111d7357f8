// The verification states (SPOT_BJHS_STATE) as 图斑推送 shows them, beyond their order, words
// and colours (lib/spotCheckStates): the colour of a tag, the map's expression, and which steps
// each state allows (the server's machine, crates/server/src/spotcheck/machine.rs; the server
// decides, the page only offers).
import { STATE_COLORS, STATE_LABELS, STATES, type CheckState } from '../../../lib/spotCheckStates';
import type { StateCounts } from './api/types';

/** The antd Tag colour of each state. */
export const STATE_TAGS: Record<CheckState, string> = {
  pending: 'default',
  draft: 'processing',
  submitted: 'warning',
  returned: 'error',
  approved: 'success',
};

/** A node may save or submit a record in these states. */
export function nodeMayEdit(state: CheckState): boolean {
  return state === 'pending' || state === 'draft' || state === 'returned';
}

/** A manager may approve or return a record in this state. */
export function managerMayReview(state: CheckState): boolean {
  return state === 'submitted';
}

/** Records by state, e.g. 待核查 3 · 已提交 1; states without records are left out. */
export function stateSummary(counts: StateCounts): string {
  const parts = STATES.filter((state) => counts[state] > 0).map(
    (state) => `${STATE_LABELS[state]} ${counts[state]}`,
  );
  return parts.join(' · ') || '暂无核查记录';
}

/** The MapLibre colour expression of a record feature by its `state` property. */
export const STATE_COLOR_EXPRESSION: readonly unknown[] = [
  'match',
  ['get', 'state'],
  ...STATES.flatMap((state) => [state, STATE_COLORS[state]]),
  '#8c8c8c',
];

/** Photos: JPEG or PNG, at most 5 MB, at most 9 a record (the server's limits). */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'];
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;
export const PHOTO_MAX_COUNT = 9;

/** Why a photo may not be added, or null when it may. */
export function photoRefusal(file: { type: string; size: number }, count: number): string | null {
  if (!PHOTO_TYPES.includes(file.type)) return '照片只能是 JPEG 或 PNG 格式';
  if (file.size > PHOTO_MAX_BYTES) return '照片不能超过 5 MB';
  if (count >= PHOTO_MAX_COUNT) return '每个图斑最多上传 9 张照片';
  return null;
}

/** The note and the return reason: at most 500 characters. */
export const MAX_NOTE = 500;
