// How orders, data requests and cart lines are written for people (pure; format.test.ts).
import type { RecordKind } from '../../api/getRecordDetail';

const BEIJING_OFFSET_S = 8 * 3600;

/** Unix seconds as Beijing time, e.g. 2026-11-26 09:30; '—' for none. */
export function formatTime(seconds: number | null | undefined): string {
  if (seconds === null || seconds === undefined) return '—';
  return new Date((seconds + BEIJING_OFFSET_S) * 1000).toISOString().slice(0, 16).replace('T', ' ');
}

/** e.g. 850.5 MB, 1.25 GB; '—' when unknown. */
export function formatSize(mb: number | null | undefined): string {
  if (mb === null || mb === undefined) return '—';
  if (mb >= 1024) return `${Number((mb / 1024).toFixed(2))} GB`;
  return `${Number(mb.toFixed(1))} MB`;
}

/** e.g. 12.5%. */
export function formatCloud(percent: number): string {
  return `${Number(percent.toFixed(1))}%`;
}

/** The dictionary of a kind's statuses. */
export const STATUS_DICT: Record<RecordKind, string> = {
  order: 'ORDER_STATUS',
  request: 'REQUEST_STATUS',
};

/** What a kind is called on the page. */
export const KIND_NAME: Record<RecordKind, string> = { order: '订单', request: '申请' };

// Tag colours by status value: waiting, moving, done, refused, ended.
const ORDER_COLOURS = ['gold', 'blue', 'processing', 'green', 'red', 'default', 'volcano'];
const REQUEST_COLOURS = ['gold', 'blue', 'green', 'red', 'default'];

/** The tag colour of a status (ORDER_STATUS or REQUEST_STATUS value). */
export function statusColour(kind: RecordKind, status: number): string {
  const colours = kind === 'order' ? ORDER_COLOURS : REQUEST_COLOURS;
  return colours[status] ?? 'default';
}

/** Spec §9: the default page. */
export const DEFAULT_PAGE = { pageNum: 1, pageSize: 20 } as const;
