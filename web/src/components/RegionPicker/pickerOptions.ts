// The pure part of the region picker: server answers and the area range in, the cascader's
// options and value out.
import type { Region } from '../../api/getRegion';
import type { RegionOption } from '../../api/getRegionOptions';
import { COUNTRY_CODE, regionAccess } from '../../lib/areaRange';

export const COUNTRY_LABEL = '全国';

/** One option of the cascader (antd's default field names). */
export interface PickerOption {
  value: string;
  label: string;
  isLeaf: boolean;
  /** Absent until the children are loaded; then the allowed ones. */
  children?: PickerOption[];
  /** Shown only as the way to a range inside it: opening it is fine, choosing it is not. */
  passage?: boolean;
}

export interface OptionSources {
  /** Children by parent code as loaded so far; a missing entry is not loaded yet. */
  children: ReadonlyMap<string, readonly RegionOption[]>;
  /** The user's area ranges; undefined offers everything. */
  limitTo?: readonly string[] | undefined;
  /** Offer 100000 全国 before the provinces. */
  includeCountry?: boolean | undefined;
}

/** The option tree: the provinces at the top, each loaded level below its parent. */
export function buildPickerOptions({
  children,
  limitTo,
  includeCountry,
}: OptionSources): PickerOption[] {
  const level = (parent: string): PickerOption[] | undefined =>
    children.get(parent)?.flatMap((region): PickerOption[] => {
      const access = regionAccess(region.id, limitTo);
      if (access === 'outside') return [];
      const below = region.isLeaf ? undefined : level(region.id);
      return [
        {
          value: region.id,
          label: region.name,
          isLeaf: region.isLeaf,
          ...(below && { children: below }),
          ...(access === 'ancestor' && { passage: true }),
        },
      ];
    });
  const country: PickerOption[] =
    includeCountry && regionAccess(COUNTRY_CODE, limitTo) === 'inside'
      ? [{ value: COUNTRY_CODE, label: COUNTRY_LABEL, isLeaf: true }]
      : [];
  return [...country, ...(level(COUNTRY_CODE) ?? [])];
}

/** The cascader value (codes from the province down) of a region, from its lineage. */
export function valuePathOf(lineage: readonly Pick<Region, 'id'>[]): string[] {
  const codes = lineage.map((region) => region.id);
  // The country is the root of every lineage, not a level of the cascader.
  return codes.length === 1 ? codes : codes.filter((code) => code !== COUNTRY_CODE);
}

/** The parents whose children must be loaded to show `path` with its siblings. */
export function parentsToLoad(path: readonly string[], opened: readonly string[]): string[] {
  return [...new Set([COUNTRY_CODE, ...path.slice(0, -1), ...opened])];
}
