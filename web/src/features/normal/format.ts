// How the image query writes its figures for people (pure; tested in format.test.ts).
import { PAYLOAD_KINDS } from '../../lib/catalogueCodes';

const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

/** e.g. 2026-10-03 11:24 (Beijing time) from an RFC 3339 instant. */
export function formatAcquired(instant: string): string {
  const time = Date.parse(instant);
  if (Number.isNaN(time)) return instant;
  return new Date(time + BEIJING_OFFSET_MS).toISOString().slice(0, 16).replace('T', ' ');
}

/** A ratio 0–1 as a percentage with two decimals, e.g. 87.35%; a sliver above 0 is not 0. */
export function formatRatio(ratio: number): string {
  const percent = Math.min(Math.max(ratio, 0), 1) * 100;
  if (percent > 0 && percent < 0.01) return '<0.01%';
  return `${percent.toFixed(2)}%`;
}

/** e.g. 2 m, 0.8 m, 16 m. */
export function formatResolution(metres: number | null | undefined): string {
  if (metres === null || metres === undefined) return '—';
  return `${Number(metres.toFixed(2))} 米`;
}

/** Payload types the image query filters by: the imaging ones. */
export const PAYLOAD_TYPES = PAYLOAD_KINDS.filter((kind) => kind.value <= 3);
