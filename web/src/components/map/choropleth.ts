// Choropleths of regions (spec §9; pure, tested in choropleth.test.ts): ten classes, each
// max/10 wide, coloured along a ramp; a region without data (0 or missing) is no-data grey.
// The colours reach the map as one `match` expression by region code over the server's
// region tiles. The monitoring themes colour by spots, the coverage statistics by share.
import type { components } from '../../api/schema';
import { regionLevel } from '../../lib/areaRange';
import { tilesOf } from './tiles';
import type { ColorValue, MapLayer } from './types';

/** A theme's ramp: green, or yellow to red. */
export type Ramp = components['schemas']['Ramp'];

export const CLASS_COUNT = 10;

/** Regions without data. */
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

/**
 * The fill colour of each region by its code (the region tiles' `code` attribute): a `match`
 * expression of the regions with a value above 0, in their class of the ten up to `max`,
 * no-data grey for the rest.
 */
export function fillByCode(
  values: readonly (readonly [string, number])[],
  max: number,
  ramp: Ramp,
): ColorValue {
  const colors = classColors(ramp);
  const pairs = values.flatMap(([code, value]) => {
    const index = classOf(value, max);
    return index === null ? [] : [code, colors[index] ?? NO_DATA_COLOR];
  });
  // `match` needs at least one pair: with no data anywhere, every region is grey.
  return pairs.length ? ['match', ['get', 'code'], ...pairs, NO_DATA_COLOR] : NO_DATA_COLOR;
}

/** The region tiles' layer of boundaries, with the attributes code, name and level. */
export const REGION_LAYER = 'region';

/**
 * The zoom from which the region tiles carry each level (0 the country … 3 counties), as
 * `region/layers.rs` cuts them: provinces always, cities from 5, counties from 8.
 */
const REGION_LEVEL_ZOOMS = [0, 0, 5, 8] as const;

/**
 * The least zoom at which the map shows the regions one level below `region`: a whole large
 * city fits the map only below the zoom its counties appear at.
 */
export function choroplethMinZoom(region: string): number {
  return REGION_LEVEL_ZOOMS[Math.min(regionLevel(region) + 1, 3)] ?? 0;
}

/** The regions `codes` of the region tiles, each filled by `fill`; clicking one reports its code. */
export function regionChoropleth(
  id: string,
  codes: readonly string[],
  fill: ColorValue,
  origin: string,
): MapLayer {
  return {
    id,
    kind: 'vector',
    tiles: tilesOf(origin, REGION_LAYER),
    sourceLayer: REGION_LAYER,
    filter: ['in', ['get', 'code'], ['literal', codes]],
    interactive: true,
    paint: { fillColor: fill, fillOpacity: 0.8, lineColor: '#ffffff', lineWidth: 1 },
  };
}
