// The permalink of an image query (pure; tested in permalink.test.ts): the search that was
// run and the open tab, as the page address's search parameters, and back.
//
//   mode    select mode 1–5
//   region  region code (mode 1)
//   extent  west,south,east,north (mode 2)
//   geom    the drawn polygon's ring, lon,lat;lon,lat;… without the closing point (mode 4)
//   upload  the upload's id (modes 3 and 5)
//   from, to  first and last day, YYYY-MM-DD (Beijing)
//   cloud   largest cloud cover, percent (absent: any)
//   sat     one per satellite: GF1 (all sensors) or GF1:PMS1,PMS2
//   res     resolution classes, e.g. 1,2;  type  payload types, e.g. 1,3
//   online  1 online only, 0 offline only
//   sort    cloud (absent: newest first);  page, size  (absent: 1 and 20)
//   tab     2 results, 3 coverage (absent: the select tab)
// Without an area there is no search, but the filters (e.g. `sat`) still pre-fill the form.
import type { Polygon } from 'geojson';
import { asBbox, type Bbox } from '../../components/map/types';
import {
  COVERAGE_TAB,
  DEFAULT_PAGE_SIZE,
  DRAW,
  EXTENT,
  FILE,
  REGION,
  RESULT_TAB,
  SELECT_TAB,
  SHP,
  areaGiven,
  defaultFilters,
  type Area,
  type Filters,
  type Search,
  type SidebarTab,
} from './query';
import type { SatelliteChoice } from './api/types';

/** Six decimals: about 0.1 m, finer than any drawing. */
const DIGITS = 6;

const round = (value: number) => Number(value.toFixed(DIGITS));

function ringText(polygon: Polygon): string {
  const ring = polygon.coordinates[0] ?? [];
  return ring
    .slice(0, -1)
    .map(([lon = 0, lat = 0]) => `${round(lon)},${round(lat)}`)
    .join(';');
}

function ringOf(text: string): Polygon | null {
  const points = text.split(';').map((pair) => pair.split(',').map(Number));
  const [first] = points;
  if (
    first === undefined ||
    points.length < 3 ||
    points.some((point) => point.length !== 2 || point.some(isNaN))
  )
    return null;
  return { type: 'Polygon', coordinates: [[...points, first]] };
}

function numbers(text: string | null): number[] | null {
  if (text === null || text === '') return null;
  const values = text.split(',').map(Number);
  return values.every((value) => Number.isFinite(value)) ? values : null;
}

/** Four numbers as a box; anything else is no box. */
function exactBbox(values: number[] | null): Bbox | null {
  return values?.length === 4 ? asBbox(values) : null;
}

function satelliteText({ satellite, sensors = [] }: SatelliteChoice): string {
  return sensors.length ? `${satellite}:${sensors.join(',')}` : satellite;
}

function satelliteOf(text: string): SatelliteChoice {
  const [satellite = '', sensors] = text.split(':');
  return { satellite, sensors: sensors ? sensors.split(',').filter(Boolean) : [] };
}

function areaParams(area: Area, params: URLSearchParams): void {
  params.set('mode', String(area.mode));
  switch (area.mode) {
    case REGION:
      if (area.regionId) params.set('region', area.regionId);
      break;
    case EXTENT:
      if (area.extent) params.set('extent', area.extent.map(round).join(','));
      break;
    case DRAW:
      if (area.polygon) params.set('geom', ringText(area.polygon));
      break;
    case SHP:
    case FILE:
      if (area.uploadId) params.set('upload', area.uploadId);
      break;
  }
}

function areaOf(params: URLSearchParams): Area | null {
  switch (Number(params.get('mode'))) {
    case REGION:
      return { mode: REGION, regionId: params.get('region') };
    case EXTENT: {
      return { mode: EXTENT, extent: exactBbox(numbers(params.get('extent'))) };
    }
    case DRAW: {
      const geom = params.get('geom');
      return { mode: DRAW, polygon: geom ? ringOf(geom) : null };
    }
    case SHP:
      return { mode: SHP, uploadId: params.get('upload') };
    case FILE:
      return { mode: FILE, uploadId: params.get('upload') };
    default:
      return null;
  }
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function filtersOf(params: URLSearchParams, now: Date): Filters {
  const defaults = defaultFilters(now);
  const day = (key: string, fallback: string) => {
    const value = params.get(key);
    return value && DAY.test(value) ? value : fallback;
  };
  const cloud = Number(params.get('cloud') ?? 100);
  const online = params.get('online');
  return {
    startTime: day('from', defaults.startTime),
    endTime: day('to', defaults.endTime),
    cloudMax: Number.isFinite(cloud) ? Math.min(Math.max(cloud, 0), 100) : 100,
    satellites: params.getAll('sat').filter(Boolean).map(satelliteOf),
    resolutions: numbers(params.get('res')) ?? [],
    types: numbers(params.get('type')) ?? [],
    online: online === '1' ? true : online === '0' ? false : null,
  };
}

/**
 * The filters an address asks for, with or without an area: a link from elsewhere
 * (e.g. a satellite page's `/normal?sat=GF1`) pre-fills the form before any search.
 */
export function decodeFilters(params: URLSearchParams, now: Date): Filters {
  return filtersOf(params, now);
}

/** The address parameters of a search and the open tab; no search: none at all. */
export function encodePermalink(search: Search | null, tab: SidebarTab): URLSearchParams {
  const params = new URLSearchParams();
  if (!search) return params;
  areaParams(search.area, params);
  const { filters } = search;
  params.set('from', filters.startTime);
  params.set('to', filters.endTime);
  if (filters.cloudMax < 100) params.set('cloud', String(filters.cloudMax));
  for (const choice of filters.satellites) params.append('sat', satelliteText(choice));
  if (filters.resolutions.length) params.set('res', filters.resolutions.join(','));
  if (filters.types.length) params.set('type', filters.types.join(','));
  if (filters.online !== null) params.set('online', filters.online ? '1' : '0');
  if (search.sort !== 'time') params.set('sort', search.sort);
  if (search.pageNum !== 1) params.set('page', String(search.pageNum));
  if (search.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(search.pageSize));
  if (tab !== SELECT_TAB) params.set('tab', String(tab));
  return params;
}

function positive(text: string | null, fallback: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/**
 * The search and tab an address holds; a missing or incomplete area gives no search (and the
 * select tab). `now` dates missing days.
 */
export function decodePermalink(
  params: URLSearchParams,
  now: Date,
): { search: Search | null; tab: SidebarTab } {
  const area = areaOf(params);
  if (!area || !areaGiven(area)) return { search: null, tab: SELECT_TAB };
  const tab = Number(params.get('tab'));
  return {
    search: {
      area,
      filters: filtersOf(params, now),
      sort: params.get('sort') === 'cloud' ? 'cloud' : 'time',
      pageNum: positive(params.get('page'), 1),
      pageSize: Math.min(positive(params.get('size'), DEFAULT_PAGE_SIZE), 100),
    },
    tab: tab === RESULT_TAB || tab === COVERAGE_TAB ? tab : SELECT_TAB,
  };
}
