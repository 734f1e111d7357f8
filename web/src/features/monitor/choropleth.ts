// The monitoring themes' choropleth of STATISTICS mode (pure, tested in choropleth.test.ts):
// regions coloured by their spots' count or area, on the shared classes of
// components/map/choropleth.ts.
import { fillByCode, type Ramp } from '../../components/map/choropleth';
import type { ColorValue } from '../../components/map/types';

/** What a region is coloured by. */
export type Measure = 'count' | 'area';

/** A region's row of the statistics, as the choropleth reads it. */
export interface RegionValue {
  regionId: string;
  count: number;
  areaM2: number;
}

export function valueOf(row: RegionValue, measure: Measure): number {
  return measure === 'count' ? row.count : row.areaM2;
}

/** The largest value among the rows (0 when none has spots). */
export function maxOf(rows: readonly RegionValue[], measure: Measure): number {
  return rows.reduce((max, row) => Math.max(max, valueOf(row, measure)), 0);
}

/**
 * The fill colour of each region by its code: a `match` expression of the regions with
 * spots, no-data grey for the rest.
 */
export function regionFill(rows: readonly RegionValue[], measure: Measure, ramp: Ramp): ColorValue {
  const values = rows.map((row) => [row.regionId, valueOf(row, measure)] as const);
  return fillByCode(values, maxOf(rows, measure), ramp);
}
