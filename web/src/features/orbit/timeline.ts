// The timeline of passes as plain data (pure; tested in timeline.test.ts): one row per
// satellite, each pass a bar placed as a share of the window, and a tick at each Beijing
// midnight. The SVG (Timeline.tsx) draws these shares as percentages, so it needs no measuring.
import type { PassRow } from './api/types';

export interface TimelineBar {
  key: string;
  /** Where the pass starts, as a share (0–1) of the window. */
  left: number;
  /** How long it lasts, as a share of the window. */
  width: number;
  pass: PassRow;
}

export interface TimelineRow {
  satellite: string;
  label: string;
  bars: TimelineBar[];
}

export interface TimelineTick {
  /** As a share of the window. */
  left: number;
  /** The day that starts there, MM-DD. */
  label: string;
}

/** The key of a pass in the table, on the timeline and in the selection. */
export function passKey(pass: Pick<PassRow, 'satellite' | 'start'>): string {
  return `${pass.satellite}@${pass.start}`;
}

/** The narrowest bar, as a share of the window: a two-minute pass in a week is still seen. */
const MIN_BAR = 0.002;

/**
 * The rows of `passes` in a window (RFC 3339 instants): one per satellite that passes, in the
 * order of `order` (catalogue values; others after them, by name), each pass clipped to the
 * window.
 */
export function timelineRows(
  passes: readonly PassRow[],
  windowStart: string,
  windowEnd: string,
  order: readonly string[] = [],
): TimelineRow[] {
  const from = Date.parse(windowStart);
  const span = Math.max(Date.parse(windowEnd) - from, 1);
  const share = (instant: string) => Math.min(Math.max((Date.parse(instant) - from) / span, 0), 1);
  const rows = new Map<string, TimelineRow>();
  for (const pass of passes) {
    const row = rows.get(pass.satellite) ?? {
      satellite: pass.satellite,
      label: pass.label,
      bars: [],
    };
    rows.set(pass.satellite, row);
    const left = share(pass.start);
    const width = Math.max(share(pass.end) - left, MIN_BAR);
    row.bars.push({ key: passKey(pass), left: Math.min(left, 1 - MIN_BAR), width, pass });
  }
  const rank = (satellite: string) => {
    const index = order.indexOf(satellite);
    return index < 0 ? order.length : index;
  };
  return [...rows.values()].sort(
    (a, b) => rank(a.satellite) - rank(b.satellite) || a.satellite.localeCompare(b.satellite),
  );
}

const DAY_MS = 86_400_000;
const BEIJING_OFFSET_MS = 8 * 3_600_000;

/** A tick at every Beijing midnight in the window, the window's start included. */
export function dayTicks(windowStart: string, windowEnd: string): TimelineTick[] {
  const from = Date.parse(windowStart);
  const to = Date.parse(windowEnd);
  const span = Math.max(to - from, 1);
  const ticks: TimelineTick[] = [];
  const firstMidnight = Math.ceil((from + BEIJING_OFFSET_MS) / DAY_MS) * DAY_MS - BEIJING_OFFSET_MS;
  for (let midnight = firstMidnight; midnight < to; midnight += DAY_MS) {
    const day = new Date(midnight + BEIJING_OFFSET_MS).toISOString().slice(5, 10);
    ticks.push({ left: (midnight - from) / span, label: day });
  }
  return ticks;
}
