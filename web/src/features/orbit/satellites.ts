// The satellite picker as plain data (pure; tested in satellites.test.ts): the config's
// satellites narrowed by payload type and resolution class, as a tree of origin (国产, 国外,
// 其他), group (a /satellite page, e.g. chinese/gf1bcd) and satellite; quick picks by series;
// and the tree's checks as the chosen satellites.
import type { OrbitSatellite } from './api/types';

export interface SatelliteNode {
  key: string;
  title: string;
  children?: SatelliteNode[];
}

/** Payload types (`type`). */
export const SATELLITE_TYPES: readonly { value: number; label: string }[] = [
  { value: 1, label: '光学' },
  { value: 2, label: '高光谱' },
  { value: 3, label: '雷达' },
  { value: 4, label: '激光' },
  { value: 5, label: '重力' },
];

/** Resolution classes (`resolution`). */
export const RESOLUTIONS: readonly { value: number; label: string }[] = [
  { value: 1, label: '≤1米' },
  { value: 2, label: '1–4米' },
  { value: 3, label: '4–16米' },
  { value: 4, label: '>16米' },
];

const ORIGINS: readonly { properties: number; label: string }[] = [
  { properties: 1, label: '国产' },
  { properties: 2, label: '国外' },
  { properties: 3, label: '其他' },
];

/** Quick picks: a series by the start of its catalogue values (高分 GF1…GF7, 资源 ZY1…ZY3). */
export const QUICK_PICKS: readonly { key: string; label: string; prefix: string }[] = [
  { key: 'GF', label: '高分 GF', prefix: 'GF' },
  { key: 'ZY', label: '资源 ZY', prefix: 'ZY' },
];

/** What narrows the tree: payload types and resolution classes; none: all. */
export interface SatelliteFilter {
  types: readonly number[];
  resolutions: readonly number[];
}

/** The satellites `filter` lets through, in catalogue order. */
export function filtered(
  satellites: readonly OrbitSatellite[],
  filter: SatelliteFilter,
): OrbitSatellite[] {
  return satellites.filter(
    (s) =>
      (filter.types.length === 0 || filter.types.includes(s.type)) &&
      (filter.resolutions.length === 0 || filter.resolutions.includes(s.resolution)),
  );
}

const originKey = (properties: number) => `origin:${properties}`;
const groupKey = (group: string) => `group:${group}`;

/** A group's title: its page's last name, e.g. chinese/gf1bcd → GF1BCD. */
function groupTitle(group: string, count: number): string {
  return `${(group.split('/').at(-1) ?? group).toUpperCase()}（${count} 颗）`;
}

/**
 * The tree of `satellites`: origins, then groups of two or more satellites (a lone
 * satellite stands in its origin), then satellites keyed by their value.
 */
export function satelliteTree(satellites: readonly OrbitSatellite[]): SatelliteNode[] {
  return ORIGINS.flatMap(({ properties, label }) => {
    const members = satellites.filter((s) => s.properties === properties);
    if (members.length === 0) return [];
    const groups = new Map<string, OrbitSatellite[]>();
    for (const s of members) groups.set(s.group, [...(groups.get(s.group) ?? []), s]);
    const leaf = (s: OrbitSatellite): SatelliteNode => ({
      key: s.value,
      title: `${s.label}（${s.value}）`,
    });
    const children = [...groups.entries()].map(([group, inGroup]) =>
      inGroup.length === 1 && inGroup[0]
        ? leaf(inGroup[0])
        : {
            key: groupKey(group),
            title: groupTitle(group, inGroup.length),
            children: inGroup.map(leaf),
          },
    );
    return [{ key: originKey(properties), title: `${label}（${members.length} 颗）`, children }];
  });
}

/**
 * The chosen satellites after the tree's checks changed: `checked` (the tree's keys, groups
 * included) replaces what was chosen among the `shown` satellites; choices the filter hides stay.
 */
export function afterCheck(
  chosen: readonly string[],
  shown: readonly OrbitSatellite[],
  checked: readonly string[],
): string[] {
  const shownValues = new Set(shown.map((s) => s.value));
  const ticked = new Set(checked);
  return [
    ...chosen.filter((value) => !shownValues.has(value)),
    ...shown.filter((s) => ticked.has(s.value)).map((s) => s.value),
  ];
}

/** The satellites of a quick pick among `satellites`. */
export function quickPick(satellites: readonly OrbitSatellite[], prefix: string): string[] {
  return satellites.filter((s) => s.value.startsWith(prefix)).map((s) => s.value);
}

/** `chosen` with the pick added, or taken away when it was all chosen already. */
export function togglePick(chosen: readonly string[], pick: readonly string[]): string[] {
  const all = pick.every((value) => chosen.includes(value));
  if (all) return chosen.filter((value) => !pick.includes(value));
  return [...chosen, ...pick.filter((value) => !chosen.includes(value))];
}
