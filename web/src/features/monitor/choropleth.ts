// The choropleth of STATISTICS mode (spec §9; pure, tested in choropleth.test.ts): ten
// classes, each max/10 wide, coloured along the theme's ramp; a region without spots (0 or
// missing) is no-data grey. The colours reach the map as one `match` expression by region code.
import type { components } from '../../api/schema';
import type { ColorValue } from '../../components/map/types';

/** A theme's ramp: green, or yellow to red. */
export type Ramp = components['schemas']['Ramp'];

/** What a region is coloured by. */
export type Measure = 'count' | 'area';

export const CLASS_COUNT = 10;

/** Regions without spots. */
export const NO_DATA_COLOR = '#cccccc';

/** The colours each ramp passes through, light (few spots) to dark (many). */
const RAMP_STOPS: Record<Ramp, readonly string[]> = {
  // Spec §9: light green #cbf162 to dark green #1c7b31.
  green: ['#cbf162', '#1c7b31'],
  // Spec §9's ten steps from yellow to red, through orange.
  yellowRed: ['#ffe34d', '#fd8d3c', '#c81e1e'],
};

function channels(hex: string): [number, number, number] {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 0xff, (value >> 8) & 0xff, value & 0xff];
}

function hexOf(rgb: readonly number[]): string {
  return `#${rgb.map((channel) => Math.round(channel).toString(16).padStart(2, '0')).join('')}`;
}

/** `count` colours evenly along `stops` (first and last included), interpolated in RGB. */
export function rampColors(stops: readonly string[], count: number): string[] {
  const rgb = stops.map(channels);
  return Array.from({ length: count }, (_, index) => {
    const at = count === 1 ? 0 : (index / (count - 1)) * (rgb.length - 1);
    const segment = Math.min(Math.floor(at), rgb.length - 2);
    const t = at - segment;
    const from = rgb[segment] ?? [0, 0, 0];
    const to = rgb[segment + 1] ?? from;
    return hexOf(from.map((channel, i) => channel + ((to[i] ?? channel) - channel) * t));
  });
}

/** The ten class colours of a ramp, lightest first. */
export function classColors(ramp: Ramp): string[] {
  return rampColors(RAMP_STOPS[ramp], CLASS_COUNT);
}

/**
 * The class (0–9) of `value` when the largest value is `max`: class k holds values above
 * k·max/10 up to (k+1)·max/10. Null for no data (0, missing, or nothing to compare with).
 */
export function classOf(value: number | undefined, max: number): number | null {
  if (value === undefined || !(value > 0) || !(max > 0)) return null;
  const width = max / CLASS_COUNT;
  // A value on a class boundary belongs to the class below it, whatever the rounding.
  const upper = Math.ceil(value / width - 1e-9);
  return Math.min(CLASS_COUNT - 1, Math.max(0, upper - 1));
}

/** One class of the legend: values above `from` up to `to`. */
export interface LegendClass {
  from: number;
  to: number;
  color: string;
}

/** The legend's ten classes for values up to `max`; none when there is nothing to show. */
export function legendClasses(max: number, ramp: Ramp): LegendClass[] {
  if (!(max > 0)) return [];
  const width = max / CLASS_COUNT;
  return classColors(ramp).map((color, index) => ({
    from: index * width,
    to: (index + 1) * width,
    color,
  }));
}

/**
 * The fill colour of a feature whose value `value` (an expression) has: its class of the ten
 * up to `max` (a value on a boundary in the class below, as classOf), no-data grey for 0.
 */
export function classFill(value: readonly unknown[], max: number, ramp: Ramp): ColorValue {
  const classes = legendClasses(max, ramp);
  if (classes.length === 0) return NO_DATA_COLOR;
  const steps = classes.slice(0, -1).flatMap((item) => [['<=', value, item.to], item.color]);
  const top = classes.at(-1)?.color ?? NO_DATA_COLOR;
  return ['case', ['<=', value, 0], NO_DATA_COLOR, ...steps, top];
}

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
 * The fill colour of each region by its code (the region tiles' `code` attribute): a
 * `match` expression of the regions with spots, no-data grey for the rest.
 */
export function regionFill(rows: readonly RegionValue[], measure: Measure, ramp: Ramp): ColorValue {
  const max = maxOf(rows, measure);
  const colors = classColors(ramp);
  const pairs = rows.flatMap((row) => {
    const index = classOf(valueOf(row, measure), max);
    return index === null ? [] : [row.regionId, colors[index] ?? NO_DATA_COLOR];
  });
  // `match` needs at least one pair: with no spots anywhere, every region is grey.
  return pairs.length ? ['match', ['get', 'code'], ...pairs, NO_DATA_COLOR] : NO_DATA_COLOR;
}
