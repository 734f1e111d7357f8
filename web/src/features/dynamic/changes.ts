// What the dynamic analysis shows, as plain data (pure; tested in changes.test.ts): the four
// kinds of change with their labels and colours, the themes that can be compared, the pair of
// batches offered first, why a pair cannot be compared, and the map layer of the changes.
import type { MapLayer } from '../../components/map/types';
import { regionAccess, regionPrefix } from '../../lib/areaRange';
import type { Batch, DynamicTallies, ThemeInfo, ThemeName } from './api/types';

/** A kind of change the map draws (unchanged spots are only counted). */
export type ChangeKind = 'appeared' | 'grew' | 'shrank' | 'vanished';

export interface KindStyle {
  kind: ChangeKind;
  label: string;
  color: string;
}

/** The kinds in table and legend order, each with its colour on the map. */
export const CHANGE_KINDS: readonly KindStyle[] = [
  { kind: 'appeared', label: '新增', color: '#e8302a' },
  { kind: 'grew', label: '扩大', color: '#f28c18' },
  { kind: 'shrank', label: '缩小', color: '#1f6fe0' },
  { kind: 'vanished', label: '消失', color: '#8a8f98' },
];

/** The kinds a table counts: the four drawn, then unchanged. */
export const TABLE_KINDS: readonly { key: keyof DynamicTallies; label: string }[] = [
  ...CHANGE_KINDS.map(({ kind, label }) => ({ key: kind, label })),
  { key: 'unchanged', label: '不变' },
];

/** The layer of the changes on the map, as the server names it. */
export const CHANGES_LAYER = 'spot_dynamic';

/** The themes that can be compared: those with two batches or more, in the server's order. */
export function comparableThemes(
  themes: readonly ThemeInfo[],
  batchesOf: (theme: ThemeName) => readonly Batch[] | undefined,
): ThemeInfo[] {
  return themes.filter((theme) => (batchesOf(theme.name)?.length ?? 0) > 1);
}

/** Two batches to compare: the earlier and the later. */
export interface BatchPair {
  from: string;
  to: string;
}

/** The pair offered first: the two latest batches (`batches` newest first), or null. */
export function latestPair(batches: readonly Batch[]): BatchPair | null {
  const [to, from] = batches;
  return to && from ? { from: from.id, to: to.id } : null;
}

/** Why `pair` cannot be compared (`batches` newest first), or null when it can. */
export function pairProblem(pair: BatchPair, batches: readonly Batch[]): string | null {
  if (pair.from === pair.to) return '请选择两个不同的批次进行对比';
  const at = (id: string) => batches.findIndex((batch) => batch.id === id);
  if (at(pair.from) < 0 || at(pair.to) < 0) return '对比批次不存在，请重新选择批次';
  if (at(pair.from) < at(pair.to)) return '前一批次应早于后一批次';
  return null;
}

/**
 * Where 返回上一级 goes from `region` (its lineage from the country down): its parent when
 * the caller's ranges hold it, else the caller's home (null).
 */
export function regionAbove(
  lineage: readonly { id: string }[],
  ranges: readonly string[],
): string | null {
  const parent = lineage.at(-2);
  return parent && regionAccess(parent.id, ranges) === 'inside' ? parent.id : null;
}

/** The changes between `pair`'s batches of `theme` in `region`, coloured by kind. */
export function changesLayer(
  origin: string,
  theme: ThemeName,
  pair: BatchPair,
  region: string | null,
): MapLayer {
  const params = encodeURIComponent(`theme:${theme};from:${pair.from};to:${pair.to}`);
  const prefix = region ? regionPrefix(region) : '';
  const colors = CHANGE_KINDS.flatMap(({ kind, color }) => [kind, color]);
  return {
    id: CHANGES_LAYER,
    kind: 'vector',
    tiles: [
      `${origin}/ows/cloudPlatform/wmts/${CHANGES_LAYER}/{z}/{x}/{y}.pbf?viewparams=${params}`,
    ],
    sourceLayer: CHANGES_LAYER,
    ...(prefix && {
      filter: ['==', ['slice', ['to-string', ['get', 'xzqdm']], 0, prefix.length], prefix],
    }),
    paint: {
      fillColor: ['match', ['get', 'kind'], ...colors, '#8a8f98'],
      fillOpacity: 0.6,
      lineColor: ['match', ['get', 'kind'], ...colors, '#8a8f98'],
      lineWidth: 1.5,
    },
  };
}
