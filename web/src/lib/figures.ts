// How the pages write their figures for people (pure; tested in figures.test.ts).
import type { DownloadProgress } from '../api/progressDownload';

/** 1 亩 is 10000/15 m² (about 666.67 m²). */
export const M2_PER_MU = 10000 / 15;

function number(value: number, digits: number): string {
  // What rounds to zero is written 0, never -0 (a difference of equal areas can be -0.0).
  const shown = Math.abs(value) < 0.5 * 10 ** -digits ? 0 : value;
  return shown.toLocaleString('zh-CN', { maximumFractionDigits: digits });
}

/** e.g. 1,234 (a count of spots). */
export function formatCount(count: number): string {
  return number(count, 0);
}

/** e.g. 12,345.6 m² (one decimal at most). */
export function formatM2(m2: number): string {
  return `${number(m2, 1)} m²`;
}

/** An area in 亩 without its unit (a column headed 亩), e.g. 18.52 (two decimals at most). */
export function formatMuValue(m2: number): string {
  return number(m2 / M2_PER_MU, 2);
}

/** An area in 亩, e.g. 18.52 亩. */
export function formatMu(m2: number): string {
  return `${formatMuValue(m2)} 亩`;
}

/** `part` of `whole` as a percentage with one decimal, e.g. 12.5%; — when the whole is 0. */
export function formatShare(part: number, whole: number): string {
  if (!(whole > 0)) return '—';
  return `${((part / whole) * 100).toFixed(1)}%`;
}

/** A share already in percent, e.g. 12.5% (one decimal at most). */
export function formatPercent(percent: number): string {
  return `${number(percent, 1)}%`;
}

/** A file size, e.g. 512 B, 12.3 KB, 4.5 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** How far a download is: a percentage when its size is known, else the bytes so far. */
export function formatDownload({ received, total }: DownloadProgress): string {
  if (total === null) return `已接收 ${formatBytes(received)}`;
  return `已接收 ${formatBytes(received)} / ${formatBytes(total)}`;
}

/** The percentage of a download for a progress bar; null when its size is unknown. */
export function downloadPercent({ received, total }: DownloadProgress): number | null {
  if (total === null) return null;
  return Math.min(100, Math.floor((received / total) * 100));
}

/** A theme's own attribute value, e.g. 49.5 or 金风科技; — when the spot has none. */
export function formatAttr(value: string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—';
  return typeof value === 'number' ? number(value, 2) : value;
}

/** e.g. 185,900.12 km² (two decimals at most). */
export function formatKm2(km2: number): string {
  return `${number(km2, 2)} km²`;
}

/** An amount of money in yuan, e.g. 1,234,567.89 元 (two decimals at most). */
export function formatYuan(yuan: number): string {
  return `${number(yuan, 2)} 元`;
}

/** A ratio 0–1 as a percentage with two decimals, e.g. 87.35%; a sliver above 0 is not 0. */
export function formatRatio(ratio: number): string {
  const percent = Math.min(Math.max(ratio, 0), 1) * 100;
  if (percent > 0 && percent < 0.01) return '<0.01%';
  return `${percent.toFixed(2)}%`;
}

/** A ground resolution, e.g. 2 米, 0.8 米; — when unknown. */
export function formatResolution(metres: number | null | undefined): string {
  if (metres === null || metres === undefined) return '—';
  return `${Number(metres.toFixed(2))} 米`;
}
