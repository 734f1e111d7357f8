// The area-range rule (spec §3, §6): which regions a list of range codes lets a user see.
// Codes are six digits: 100000 is the whole country, `xx0000` a province (it covers every
// code starting with its two digits), `xxxx00` a city (every code starting with its four
// digits), anything else a county or a city without counties, which covers only itself.
// The server applies the same rule to the data it returns; pages use it to offer only
// what the server will answer.

export const COUNTRY_CODE = '100000';

/** What a range list allows for one region. */
export type RegionAccess =
  /** The region lies inside a range: it may be chosen. */
  | 'inside'
  /** A range lies inside the region: it is only the way to that range. */
  | 'ancestor'
  | 'outside';

/** A region's level by its code: 0 the country, 1 a province, 2 a city, 3 a county. */
export function regionLevel(code: string): 0 | 1 | 2 | 3 {
  if (code === COUNTRY_CODE) return 0;
  if (code.endsWith('0000')) return 1;
  return code.endsWith('00') ? 2 : 3;
}

/**
 * The code prefix every region inside `range` shares: '' for the country, two digits for a
 * province, four for a city, the whole code for anything else (it covers only itself).
 */
export function regionPrefix(range: string): string {
  if (range === COUNTRY_CODE) return '';
  if (range.endsWith('0000')) return range.slice(0, 2);
  if (range.endsWith('00')) return range.slice(0, 4);
  return range;
}

/** Whether the region `range` contains the region `code`, by their codes (itself included). */
export function regionCovers(range: string, code: string): boolean {
  return range === code || code.startsWith(regionPrefix(range));
}

/**
 * What `ranges` allow for the region `code`. `undefined` means no limit (a page that is not
 * limited passes none); an empty list allows nothing; 100000 among them allows everything.
 */
export function regionAccess(code: string, ranges: readonly string[] | undefined): RegionAccess {
  if (!ranges) return 'inside';
  if (ranges.some((range) => regionCovers(range, code))) return 'inside';
  if (ranges.some((range) => regionCovers(code, range))) return 'ancestor';
  return 'outside';
}
