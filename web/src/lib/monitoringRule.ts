// What the monitoring pages need of the access rules (spec §4, §6, §8): their two refusals and
// the rule that only ranges of type regionId grant regions. lib/access.ts builds the page rule
// on these; the monitoring page's own chunk imports them from here, without the rest of the
// access rules (the menu's, the cart's), which the first page carries.
import type { AreaRangeItem } from './session';

/** Spec §8: a page with an authority, for a user without a regionId area range. */
export const NO_RANGE_MESSAGE = '未关联用户权限范围，请联系管理员';
/** Spec §8: a page whose permission the user lacks. */
export const NO_PERMISSION_MESSAGE = '无查看信息权限，请联系管理员';

/** The range type that grants regions (spec §3). */
const REGION_RANGE = 'regionId';

/** The region codes the ranges of type regionId grant (what the server clips data to). */
export function regionCodes(ranges: readonly AreaRangeItem[]): string[] {
  return ranges.filter((range) => range.type === REGION_RANGE).map((range) => range.regionId);
}
