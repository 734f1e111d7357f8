// The image query as plain data (pure; tested in query.test.ts): the area of interest of each
// select mode, the filters, the search they make, the request body the server takes, and
// when a change clears the results (spec §4).
import type { Polygon } from 'geojson';
import type { Bbox } from '../../components/map/types';
import type { AreaQuery, SatelliteChoice, SceneQuery, SelectMode, Sort } from './api/types';

export type { SelectMode, Sort };

/** Select modes (spec §4), by name; the server's document lists them (SelectMode). */
export const REGION = 1;
export const EXTENT = 2;
export const SHP = 3;
export const DRAW = 4;
export const FILE = 5;
export const SELECT_MODES: readonly SelectMode[] = [REGION, EXTENT, SHP, DRAW, FILE];

/** Sidebar tabs (spec §4). */
export const SELECT_TAB = 1;
export const RESULT_TAB = 2;
export const COVERAGE_TAB = 3;
export type SidebarTab = typeof SELECT_TAB | typeof RESULT_TAB | typeof COVERAGE_TAB;

/** The area of interest; its value is null until the visitor has given one. */
export type Area =
  | { mode: typeof REGION; regionId: string | null }
  | { mode: typeof EXTENT; extent: Bbox | null }
  | { mode: typeof SHP; uploadId: string | null }
  | { mode: typeof DRAW; polygon: Polygon | null }
  | { mode: typeof FILE; uploadId: string | null };

export interface Filters {
  /** First and last day, YYYY-MM-DD (Beijing time). */
  startTime: string;
  endTime: string;
  /** Largest cloud cover kept, percent; 100 keeps everything. */
  cloudMax: number;
  /** None: every satellite. */
  satellites: SatelliteChoice[];
  /** Resolution classes 1–4; none: all. */
  resolutions: number[];
  /** Payload types; none: all. */
  types: number[];
  /** Only online (true) or offline (false) scenes; null: both. */
  online: boolean | null;
}

/** A search as run: where, what, and which page in which order. */
export interface Search {
  area: Area;
  filters: Filters;
  sort: Sort;
  pageNum: number;
  pageSize: number;
}

export const DEFAULT_PAGE_SIZE = 20;
export const PAGE_SIZES = [10, 20, 50, 100] as const;
/** How far back the default time range reaches. */
const DEFAULT_MONTHS = 3;
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;

export function emptyArea(mode: SelectMode): Area {
  switch (mode) {
    case REGION:
      return { mode, regionId: null };
    case EXTENT:
      return { mode, extent: null };
    case DRAW:
      return { mode, polygon: null };
    case SHP:
    case FILE:
      return { mode, uploadId: null };
  }
}

/** Whether the area is given (a search can run over it). */
export function areaGiven(area: Area): boolean {
  switch (area.mode) {
    case REGION:
      return area.regionId !== null;
    case EXTENT:
      return area.extent !== null;
    case DRAW:
      return area.polygon !== null;
    case SHP:
    case FILE:
      return area.uploadId !== null;
  }
}

/** The request fields of an area (AreaQuery). */
export function areaBody(area: Area): AreaQuery {
  switch (area.mode) {
    case REGION:
      return { selectMode: area.mode, regionId: area.regionId };
    case EXTENT:
      return { selectMode: area.mode, extent: area.extent ? [...area.extent] : null };
    case DRAW:
      return { selectMode: area.mode, geojson: area.polygon };
    case SHP:
    case FILE:
      return { selectMode: area.mode, uploadId: area.uploadId };
  }
}

/**
 * Spec §4: changing the region, the extent, the upload or the mode clears the results. The
 * same area again (say, the same region chosen twice) keeps them.
 */
export function clearsResults(before: Area, after: Area): boolean {
  return JSON.stringify(areaBody(before)) !== JSON.stringify(areaBody(after));
}

/** The day of `instant` in Beijing, YYYY-MM-DD. */
export function beijingDay(instant: Date): string {
  return new Date(instant.getTime() + BEIJING_OFFSET_MS).toISOString().slice(0, 10);
}

/** `day` (YYYY-MM-DD) moved by whole months, kept inside the target month (03-31 → 12-31 → 02-28). */
export function addMonths(day: string, months: number): string {
  const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(date, last));
  return first.toISOString().slice(0, 10);
}

/** The filters a visit starts with: the last three months up to today (Beijing), all else open. */
export function defaultFilters(now: Date): Filters {
  const endTime = beijingDay(now);
  return {
    startTime: addMonths(endTime, -DEFAULT_MONTHS),
    endTime,
    cloudMax: 100,
    satellites: [],
    resolutions: [],
    types: [],
    online: null,
  };
}

/** A new search over `area` with `filters`: its first page, newest first. */
export function newSearch(area: Area, filters: Filters, sort: Sort = 'time'): Search {
  return { area, filters, sort, pageNum: 1, pageSize: DEFAULT_PAGE_SIZE };
}

/** What finds the same scenes, whatever the page and order: keys the checked ids. */
export function resultKey(search: Search): string {
  return JSON.stringify([areaBody(search.area), search.filters]);
}

/** The body that finds every result of a search (allids, coverage): no page, no order. */
export function allResultsBody(search: Search): SceneQuery {
  return { ...sceneQueryBody(search), pageNum: undefined, pageSize: undefined, sort: undefined };
}

/** The normalmeta body of a search; open filters are left out. */
export function sceneQueryBody(search: Search): SceneQuery {
  const { filters } = search;
  return {
    ...areaBody(search.area),
    startTime: filters.startTime,
    endTime: filters.endTime,
    ...(filters.cloudMax < 100 && { cloudMax: filters.cloudMax }),
    ...(filters.satellites.length > 0 && { satellites: filters.satellites }),
    ...(filters.resolutions.length > 0 && { resolutions: filters.resolutions }),
    ...(filters.types.length > 0 && { types: filters.types }),
    ...(filters.online !== null && { online: filters.online }),
    sort: search.sort,
    pageNum: search.pageNum,
    pageSize: search.pageSize,
  };
}
