// The state of a theme's monitoring page and what the server is asked for it (pure; tested
// in state.test.ts). One state serves every mode: the batch and the region are shared (the
// region drilled into in STATISTICS is the area filter of DETAIL, GRID, SEQUENCE and TREND),
// the filters and the legend are DETAIL's (GRID, SEQUENCE and TREND ask with them too), and
// each of the other modes keeps its own few choices (grid level and measure, the sequence's
// page of batches, what TREND's bars stack by).
import type { Paging } from '../../components/orders/paging';
import { COUNTRY_CODE, regionAccess } from '../../lib/areaRange';
import type { Measure } from './choropleth';
import type { GridQuery } from './api/types';
import type { SpotFilterQuery, SpotListQuery, TermChoose, ThemeInfo } from './api/types';

/** Display modes (spec §4, §9): STATISTICS 1, DETAIL 2, then grid, sequence and trend. */
export const STATISTICS = 1;
export const DETAIL = 2;
export const GRID = 3;
export const SEQUENCE = 4;
export const TREND = 5;
export type Mode = typeof STATISTICS | typeof DETAIL | typeof GRID | typeof SEQUENCE | typeof TREND;

/** What GRID colours its cells by: spots, their area, or the share of the cell they cover. */
export type GridMeasure = Measure | 'percent';

/** What TREND's stacked bars split each batch by. */
export type TrendBy = 'type' | 'change';

/** The grid levels offered (Web Mercator zooms: a cell is one tile of that zoom). */
export const GRID_LEVELS = [11, 12, 13, 14] as const;

/** Batches SEQUENCE shows side by side (spec §9 sequence list number). */
export const SEQUENCE_SIZE = 5;

/** The legend's 全部 item (termChoose all). */
export const ALL = 'all';

/** What the legend's items are values of. */
export type LegendBy = Exclude<TermChoose, 'all'>;

export interface Legend {
  by: LegendBy;
  /** The items checked: values of `by`, or ALL alone. */
  checked: readonly string[];
}

export interface MonitorState {
  mode: Mode;
  /** null: the latest batch. */
  batch: string | null;
  /** null: the caller's whole range. */
  region: string | null;
  /** What the choropleth colours regions by. */
  measure: Measure;
  stage: string | null;
  tblx: string | null;
  /** Delivery file names containing this ('' for any). */
  filename: string;
  legend: Legend;
  paging: Paging;
  /** GRID's level; null until GRID is first shown (it then takes the theme's). */
  gridLevel: number | null;
  gridMeasure: GridMeasure;
  /** SEQUENCE's page of batches: 0 the latest five, 1 the five before them, … */
  sequencePage: number;
  trendBy: TrendBy;
  /** Whether DETAIL and SEQUENCE draw the theme's adaptive zones (its bases), if it has them. */
  zones: boolean;
}

/** DETAIL's page size (spec §9 default page). */
export const PAGE_SIZE = 20;

/** A theme's page as it opens: STATISTICS of the latest batch over the whole range. */
export function defaultState(theme: Pick<ThemeInfo, 'typeDict'>): MonitorState {
  const typed = Boolean(theme.typeDict);
  return {
    mode: STATISTICS,
    batch: null,
    region: null,
    measure: 'count',
    stage: null,
    tblx: null,
    filename: '',
    // Nothing checked until a mode that lists spots checks 全部 (spec §4).
    legend: { by: typed ? 'tblx' : 'change', checked: [] },
    paging: { pageNum: 1, pageSize: PAGE_SIZE },
    gridLevel: null,
    gridMeasure: 'count',
    sequencePage: 0,
    // A theme without types has only the change categories to split by.
    trendBy: typed ? 'type' : 'change',
    zones: false,
  };
}

/** The state with filters changed: the list starts again at its first page. */
export function refilter(
  state: MonitorState,
  change: Partial<Omit<MonitorState, 'mode' | 'paging' | 'sequencePage'>>,
): MonitorState {
  return { ...state, ...change, paging: { ...state.paging, pageNum: 1 }, sequencePage: 0 };
}

/** The legend with one item checked or unchecked: 全部 and the values exclude each other. */
export function toggleLegend(legend: Legend, value: string, on: boolean): Legend {
  if (value === ALL) return { ...legend, checked: on ? [ALL] : [] };
  const values = legend.checked.filter((item) => item !== ALL && item !== value);
  return { ...legend, checked: on ? [...values, value] : values };
}

/** The legend classifying by something else: its values are new, so 全部 is checked. */
export function legendBy(legend: Legend, by: LegendBy): Legend {
  return legend.by === by ? legend : { by, checked: [ALL] };
}

export function nothingChecked(legend: Legend): boolean {
  return legend.checked.length === 0;
}

/** The legend with 全部 checked when nothing is (spec §4, switching to a listing mode). */
export function checkAllIfNone(legend: Legend): Legend {
  return nothingChecked(legend) ? { ...legend, checked: [ALL] } : legend;
}

/**
 * The area a listing mode uses (spec §4): the selected region if the caller's ranges cover
 * it, else the whole range (null).
 */
export function areaWithin(region: string | null, ranges: readonly string[]): string | null {
  return region !== null && regionAccess(region, ranges) === 'inside' ? region : null;
}

/** What STATISTICS asks for: the batch over the region. */
export function statisticsQuery(state: MonitorState): SpotFilterQuery {
  const query: SpotFilterQuery = {};
  if (state.batch) query.batch = state.batch;
  if (state.region) query.xzqdm = state.region;
  return query;
}

/** termChoose and termData of the legend: all, or the checked values of what it classifies by. */
export function legendQuery(legend: Legend): Pick<SpotFilterQuery, 'termChoose' | 'termData'> {
  if (legend.checked.includes(ALL)) return { termChoose: 'all' };
  return { termChoose: legend.by, termData: [...legend.checked].sort().join(',') };
}

/** What DETAIL's list and exports ask for: every filter given, and the legend. */
export function spotFilterQuery(state: MonitorState): SpotFilterQuery {
  const query = statisticsQuery(state);
  if (state.stage) query.stage = state.stage;
  if (state.tblx) query.tblx = state.tblx;
  const filename = state.filename.trim();
  if (filename) query.filename = filename;
  return { ...query, ...legendQuery(state.legend) };
}

/** DETAIL's page of spots; null while no legend item is checked (nothing to list). */
export function listQuery(state: MonitorState): SpotListQuery | null {
  if (nothingChecked(state.legend)) return null;
  return { ...spotFilterQuery(state), ...state.paging };
}

/** What GRID asks for: DETAIL's filters (the legend is 全部 there) at the grid's level. */
export function gridQuery(state: MonitorState, level: number): GridQuery {
  return { ...spotFilterQuery(state), level };
}

/**
 * What TREND and SEQUENCE's table ask for: DETAIL's filters over every batch (the batch
 * chosen is not one of them: the answer has them all); nothing checked in the legend counts
 * every spot, as STATISTICS does.
 */
export function trendQuery(state: MonitorState): SpotFilterQuery {
  const query = spotFilterQuery({ ...state, legend: checkAllIfNone(state.legend) });
  delete query.batch;
  return query;
}

/**
 * The batches of SEQUENCE's page `page` (0 the latest) from the theme's batches, newest
 * first: oldest first, as they are laid out left to right.
 */
export function sequenceBatches<B>(batches: readonly B[], page: number): B[] {
  return batches.slice(page * SEQUENCE_SIZE, (page + 1) * SEQUENCE_SIZE).reverse();
}

/** The last page of SEQUENCE for this many batches (0 when they fit on one). */
export function lastSequencePage(batchCount: number): number {
  return Math.max(0, Math.ceil(batchCount / SEQUENCE_SIZE) - 1);
}

/** The dictionary of the change categories 0 不变, 1 扩张, 2 拆除, 3 部分拆除 (spec §9): the
 * steel plants' stage dictionary, whose stage is the change. */
export const CHANGE_DICT = 'STEELPLANT_META_STAGE';

/** What a theme's spots can be classified by in the legend: type only where it types them. */
export function legendChoices(
  theme: Pick<ThemeInfo, 'typeDict'>,
): { value: LegendBy; label: string }[] {
  return [
    ...(theme.typeDict ? [{ value: 'tblx' as const, label: '按类型' }] : []),
    { value: 'stage', label: '按阶段' },
    { value: 'change', label: '按变化' },
  ];
}

/** The dictionary naming the legend's values. */
export function legendDict(theme: Pick<ThemeInfo, 'typeDict' | 'stageDict'>, by: LegendBy): string {
  if (by === 'tblx') return theme.typeDict ?? CHANGE_DICT;
  return by === 'stage' ? theme.stageDict : CHANGE_DICT;
}

/** One step of the way back up: a region, or the caller's whole range (null). */
export interface Crumb {
  id: string | null;
  name: string;
}

/** A region of a lineage (the country first). */
export interface LineageRegion {
  id: string;
  name: string;
}

/** The first crumb of a caller whose ranges are not one region. */
export const WHOLE_RANGE = '全部范围';

/**
 * The breadcrumb of a region: its lineage from the top of the caller's ranges down. A caller
 * with several ranges (none the country) starts at the whole range.
 */
export function crumbsOf(lineage: readonly LineageRegion[], ranges: readonly string[]): Crumb[] {
  const inside = lineage
    .filter((region) => regionAccess(region.id, ranges) === 'inside')
    .map(({ id, name }) => ({ id, name }));
  const oneRegion = ranges.length === 1 || ranges.includes(COUNTRY_CODE);
  return oneRegion ? inside : [{ id: null, name: WHOLE_RANGE }, ...inside];
}
