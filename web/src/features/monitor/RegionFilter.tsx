// The area filter of the modes that stay within the caller's ranges (DETAIL, GRID, SEQUENCE,
// TREND): a region of the ranges, or the whole range.
import { RegionPicker } from '../../components/RegionPicker/RegionPicker';
import { COUNTRY_CODE } from '../../lib/areaRange';

export function RegionFilter({
  region,
  ranges,
  onRegion,
}: {
  region: string | null;
  /** The caller's regionId ranges: the only regions offered. */
  ranges: readonly string[];
  /** A region chosen, or the whole range (null). */
  onRegion: (region: string | null) => void;
}) {
  return (
    <RegionPicker
      value={region}
      onChange={(path) => onRegion(path.at(-1)?.id ?? null)}
      limitTo={ranges}
      includeCountry={ranges.includes(COUNTRY_CODE)}
      placeholder="全部范围"
    />
  );
}
