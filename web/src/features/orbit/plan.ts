// The prediction form as plain data (pure; tested in plan.test.ts): the area, the window, the
// satellites and the mode, what is wrong with them in Chinese, and the request they make.
import type { DrawnShape } from '../../components/map/types';
import type {
  OpportunityQuery,
  OrbitConfig,
  RegionPasses,
  TrackQuery,
  UploadPasses,
} from './api/types';

/** How the area is given: a region, a shape drawn on the map, or an uploaded file. */
export type AreaMode = 'region' | 'draw' | 'upload';

/** The area of interest; its value is null until the user has given one. */
export type OrbitArea =
  | { mode: 'region'; regionId: string | null }
  | { mode: 'draw'; shape: DrawnShape | null }
  | { mode: 'upload'; uploadId: string | null };

/** 成像机会 (swath plus pointing, daylight for optical) or 过境 (the nadir swath). */
export type PredictMode = 'csj' | 'nadir';

export interface OrbitForm {
  /** Catalogue values, in the order picked. */
  satellites: readonly string[];
  area: OrbitArea;
  /** First day, YYYY-MM-DD (Beijing). */
  start: string;
  /** Days in the window, the first and last counted whole. */
  days: number;
  mode: PredictMode;
}

/** A prediction as the server takes it: which route and its body. */
export type PassRequest =
  | { route: 'csj'; body: OpportunityQuery }
  | { route: 'region'; body: RegionPasses }
  | { route: 'shp'; body: UploadPasses };

/** The bounds the server sets (config). */
export type Limits = Pick<OrbitConfig, 'maxDays' | 'maxSatellites'>;

const DAY_MS = 86_400_000;

export function emptyArea(mode: AreaMode): OrbitArea {
  switch (mode) {
    case 'region':
      return { mode, regionId: null };
    case 'draw':
      return { mode, shape: null };
    case 'upload':
      return { mode, uploadId: null };
  }
}

/** The form a visit starts with: the config's window and default satellites, over no area. */
export function initialForm(config: OrbitConfig): OrbitForm {
  return {
    satellites: config.satellites.filter((s) => s.checked).map((s) => s.value),
    area: emptyArea('region'),
    start: config.defaultStart,
    days: config.defaultDays,
    mode: 'csj',
  };
}

/** Whether a mode exists for an area: a drawn area has imaging opportunities only. */
export function modeOffered(mode: PredictMode, area: OrbitArea): boolean {
  return mode === 'csj' || area.mode !== 'draw';
}

/** The last day of a window of `days` days from `start` (both YYYY-MM-DD). */
export function lastDay(start: string, days: number): string {
  const first = Date.parse(`${start}T00:00:00Z`);
  return new Date(first + (days - 1) * DAY_MS).toISOString().slice(0, 10);
}

function validDay(day: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && !Number.isNaN(Date.parse(`${day}T00:00:00Z`));
}

/** What keeps the form from being predicted, in Chinese; null when nothing does. */
export function formProblem(form: OrbitForm, limits: Limits): string | null {
  if (form.satellites.length === 0) return '请至少选择一颗卫星';
  if (form.satellites.length > limits.maxSatellites)
    return `一次最多预测 ${limits.maxSatellites} 颗卫星，当前已选 ${form.satellites.length} 颗`;
  const { area } = form;
  if (area.mode === 'region' && area.regionId === null) return '请选择行政区';
  if (area.mode === 'draw' && area.shape === null) return '请在地图上绘制范围';
  if (area.mode === 'upload' && area.uploadId === null) return '请上传范围文件';
  if (!validDay(form.start)) return '请选择开始日期';
  if (!Number.isInteger(form.days) || form.days < 1 || form.days > limits.maxDays)
    return `预测天数须在 1 到 ${limits.maxDays} 天之间`;
  if (!modeOffered(form.mode, area)) return '绘制的范围只能预测成像机会';
  return null;
}

/** The satellites and window of a form, as every route takes them. */
function choice(form: OrbitForm) {
  return {
    satellites: [...form.satellites],
    start: form.start,
    end: lastDay(form.start, form.days),
  };
}

/** The imaging-opportunity query of a form (csj and its exports); null without an area. */
export function opportunityQuery(form: OrbitForm): OpportunityQuery | null {
  const { area } = form;
  switch (area.mode) {
    case 'region':
      return area.regionId === null
        ? null
        : { selectMode: 1, regionId: area.regionId, ...choice(form) };
    case 'draw':
      return area.shape === null
        ? null
        : { selectMode: 4, geojson: area.shape.geometry, ...choice(form) };
    case 'upload':
      return area.uploadId === null
        ? null
        : { selectMode: 3, uploadId: area.uploadId, ...choice(form) };
  }
}

/** The request a form makes; null while it has a problem (formProblem says which). */
export function passRequest(form: OrbitForm, limits: Limits): PassRequest | null {
  if (formProblem(form, limits) !== null) return null;
  const { area } = form;
  if (form.mode === 'nadir') {
    if (area.mode === 'region' && area.regionId !== null)
      return { route: 'region', body: { regionId: area.regionId, ...choice(form) } };
    if (area.mode === 'upload' && area.uploadId !== null)
      return { route: 'shp', body: { uploadId: area.uploadId, ...choice(form) } };
    return null;
  }
  const body = opportunityQuery(form);
  return body && { route: 'csj', body };
}

/** Most points the server draws in one track answer. */
const MAX_TRACK_POINTS = 100_000;
/** The step the server takes between 10 and 600 s; a minute keeps a low orbit's curve smooth. */
const MIN_STEP_S = 60;
const MAX_STEP_S = 600;

/**
 * The ground tracks of a request's satellites and window, at the finest step (a minute or
 * more) that keeps them under the server's point limit; null when even ten minutes would not.
 */
export function trackQuery(request: PassRequest): TrackQuery | null {
  const { satellites, start, end } = request.body;
  const seconds =
    (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 1000 + 86_400;
  // The server counts ceil(window / step) + 1 points per satellite: two spare points each.
  const n = satellites.length;
  const step = Math.max(MIN_STEP_S, Math.ceil((n * seconds) / (MAX_TRACK_POINTS - 2 * n)));
  if (step > MAX_STEP_S) return null;
  return { satellites, start, end, stepSeconds: step };
}
