// What a theme's page lays over the map (pure; tested in mapLayers.test.ts): in STATISTICS
// the regions one level down from the region tiles, coloured by their spots; in DETAIL (and
// on each of SEQUENCE's maps) the theme's own spot tiles of a batch, filtered and coloured
// like the legend, and the spot opened on top; in GRID the grid cells' tiles, coloured by
// the ten classes of the measure chosen.
import type { Feature, FeatureCollection, MultiPolygon, Polygon } from 'geojson';
import type { MapLayer } from '../../components/map/types';
import { regionPrefix } from '../../lib/areaRange';
import type { ThemeName } from './api/types';
import { classFill, regionChoropleth, type Ramp } from '../../components/map/choropleth';
import { tilesOf } from '../../components/map/tiles';
import { regionFill, type Measure, type RegionValue } from './choropleth';
import { ALL, type GridMeasure, type Legend, type MonitorState } from './state';

/** The attribute of a `grid_statistics_default` cell each GRID measure colours by. */
const GRID_TILE_ATTRIBUTES = {
  count: 'count',
  area: 'area_m2',
  percent: 'percent',
} as const;

/** The adaptive zones of a theme's batch, under its spots. */
export const ZONES = 'zones';

/** The choropleth layer: clicking a region reports its code. */
export const CHOROPLETH = 'choropleth';
/** The spot layer: clicking a spot reports its id. */
export const SPOTS = 'spots';
export const OPENED_SPOT = 'spot-opened';
export const REGION_OUTLINE = 'region-outline';

/** GRID's cells. */
export const GRID_CELLS = 'grid-cells';

/** The layer of grid cells the server serves (spec §3 map layer names). */
export const GRID_LAYER = 'grid_statistics_default';

/** The regions of the statistics, each filled by its class (a region has no data, grey). */
export function choroplethLayer(
  rows: readonly RegionValue[],
  measure: Measure,
  ramp: Ramp,
  origin: string,
): MapLayer {
  const codes = rows.map((row) => row.regionId);
  return regionChoropleth(CHOROPLETH, codes, regionFill(rows, measure, ramp), origin);
}

/** The colours of categories (spec §9's category colour map: teal, pink, lime, purple, …). */
export const CATEGORY_COLORS = [
  '#13c2c2',
  '#eb2f96',
  '#a0d911',
  '#722ed1',
  '#fa8c16',
  '#1677ff',
  '#52c41a',
] as const;

/** The colours of the change categories 0 不变, 1 扩张, 2 拆除, 3 部分拆除. */
const CHANGE_COLORS: Record<string, string> = {
  '0': '#8c8c8c',
  '1': '#f5222d',
  '2': '#1677ff',
  '3': '#fa8c16',
};

/** Spots of a value the legend has no colour for. */
const SPOT_COLOR = '#e8590c';

/** The colour of each legend value of `by`, in the legend's order. */
export function legendColors(by: Legend['by'], values: readonly string[]): Map<string, string> {
  return new Map(
    values.map((value, index) => [
      value,
      (by === 'change' ? CHANGE_COLORS[value] : undefined) ??
        CATEGORY_COLORS[index % CATEGORY_COLORS.length] ??
        SPOT_COLOR,
    ]),
  );
}

/** A spot attribute as text, whether the tiles carry it as a number or a string. */
const attribute = (key: string) => ['to-string', ['get', key]];

/**
 * Which spot tiles' features the filters and the legend select, like the list does: the
 * batch shown (`batch`, the latest when the state names none), stage, type, the legend's
 * checked values and the area.
 */
export function spotFilter(state: MonitorState, batch: string | null): unknown[] {
  const conditions: unknown[] = [];
  if (batch) conditions.push(['==', attribute('batch'), batch]);
  if (state.stage) conditions.push(['==', attribute('stage'), state.stage]);
  if (state.tblx) conditions.push(['==', attribute('tblx'), state.tblx]);
  if (!state.legend.checked.includes(ALL))
    conditions.push(['in', attribute(state.legend.by), ['literal', [...state.legend.checked]]]);
  const prefix = state.region === null ? '' : regionPrefix(state.region);
  if (prefix) conditions.push(['==', ['slice', attribute('xzqdm'), 0, prefix.length], prefix]);
  return ['all', ...conditions];
}

/**
 * The theme's spots of `batch` (the tiles of that batch: the server serves the latest
 * unless asked for another), coloured by what the legend classifies by.
 */
export function spotsLayer(
  layer: string,
  state: MonitorState,
  batch: string | null,
  colors: ReadonlyMap<string, string>,
  origin: string,
): MapLayer {
  const pairs = [...colors].flat();
  return {
    id: SPOTS,
    kind: 'vector',
    tiles: tilesOf(origin, layer, { batch }),
    sourceLayer: layer,
    filter: spotFilter(state, batch),
    interactive: true,
    paint: {
      fillColor: pairs.length
        ? ['match', attribute(state.legend.by), ...pairs, SPOT_COLOR]
        : SPOT_COLOR,
      fillOpacity: 0.55,
      lineColor: '#7a2e00',
      lineWidth: 1,
    },
  };
}

/**
 * The adaptive zones of one batch (`pvland_zones`, `windmill_zones`): each base a dashed
 * outline with a faint fill, so the spots inside stay readable.
 */
export function zonesLayer(layer: string, batch: string | null, origin: string): MapLayer {
  return {
    id: ZONES,
    kind: 'vector',
    tiles: tilesOf(origin, layer, { batch }),
    sourceLayer: layer,
    paint: {
      fillColor: ZONE_COLOR,
      fillOpacity: 0.08,
      lineColor: ZONE_COLOR,
      lineWidth: 2,
      lineDash: [2, 1],
    },
  };
}

/** The zones' colour: apart from the spots' legend colours and the region outline. */
const ZONE_COLOR = '#6f42c1';

/** The outline of the region counted, over its regions' colours (no fill to wash them out). */
export function regionOutlineLayer(region: FeatureCollection<Polygon | MultiPolygon>): MapLayer {
  return {
    id: REGION_OUTLINE,
    kind: 'geojson',
    data: region,
    paint: { lineColor: '#0b4aa2', lineWidth: 2.5 },
  };
}

/** The outline of the spot opened, over everything. */
export function openedSpotLayer(geometry: MultiPolygon): MapLayer {
  const feature: Feature<MultiPolygon> = { type: 'Feature', properties: {}, geometry };
  return {
    id: OPENED_SPOT,
    kind: 'geojson',
    data: feature,
    paint: { fillColor: '#ffe58f', fillOpacity: 0.35, lineColor: '#fa541c', lineWidth: 3 },
  };
}

/** The grid GRID shows: which cells (the answer's level, batch and region) and their top. */
export interface GridShown {
  theme: ThemeName;
  level: number;
  batch: string | null;
  /** The region counted (the answer's, clipped to the caller's ranges). */
  regionId: string;
  /** The largest value of the measure over the cells. */
  max: number;
}

/** GRID's cells of a batch over a region at a level, each by its class of `measure`. */
export function gridLayer(
  grid: GridShown,
  measure: GridMeasure,
  ramp: Ramp,
  origin: string,
): MapLayer {
  const value = ['to-number', ['get', GRID_TILE_ATTRIBUTES[measure]], 0];
  return {
    id: GRID_CELLS,
    kind: 'vector',
    tiles: tilesOf(origin, GRID_LAYER, {
      theme: grid.theme,
      level: grid.level,
      batch: grid.batch,
      xzqdm: grid.regionId,
    }),
    sourceLayer: GRID_LAYER,
    paint: {
      fillColor: classFill(value, grid.max, ramp),
      fillOpacity: 0.75,
      lineColor: '#ffffff',
      lineWidth: 0.5,
    },
  };
}
