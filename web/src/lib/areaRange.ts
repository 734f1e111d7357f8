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

/** Whether the region `range` contains the region `code`, by their codes (itself included). */
export function regionCovers(range: string, code: string): boolean {
  if (range === COUNTRY_CODE || range === code) return true;
  if (range.endsWith('0000')) return code.slice(0, 2) === range.slice(0, 2);
  if (range.endsWith('00')) return code.slice(0, 4) === range.slice(0, 4);
  return false;
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
