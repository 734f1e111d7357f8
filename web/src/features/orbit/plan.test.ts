import { describe, expect, it } from 'vitest';
import type { DrawnShape } from '../../components/map/types';
import { CONFIG } from './fixtures';
import {
  formProblem,
  initialForm,
  lastDay,
  opportunityQuery,
  passRequest,
  trackQuery,
  type OrbitForm,
} from './plan';

const HUBEI: OrbitForm = {
  satellites: ['GF1', 'ZY3-02'],
  area: { mode: 'region', regionId: '420000' },
  start: '2025-10-03',
  days: 7,
  mode: 'csj',
};

const SQUARE: DrawnShape = {
  type: 'Feature',
  properties: {},
  geometry: {
    type: 'Polygon',
    coordinates: [
      [
        [112, 30],
        [113, 30],
        [113, 31],
        [112, 30],
      ],
    ],
  },
};

describe('the prediction form', () => {
  it('starts from the config: its start day, days and default satellites, csj', () => {
    expect(initialForm(CONFIG)).toEqual({
      satellites: ['GF1', 'GF1B'],
      area: { mode: 'region', regionId: null },
      start: '2025-10-03',
      days: 7,
      mode: 'csj',
    });
  });

  it('counts the first and the last day whole, across months', () => {
    expect(lastDay('2025-10-03', 7)).toBe('2025-10-09');
    expect(lastDay('2025-10-03', 1)).toBe('2025-10-03');
    expect(lastDay('2025-12-30', 3)).toBe('2026-01-01');
  });

  it('says in Chinese what keeps it from being predicted', () => {
    const problem = (change: Partial<OrbitForm>) => formProblem({ ...HUBEI, ...change }, CONFIG);
    expect(problem({})).toBeNull();
    expect(problem({ satellites: [] })).toBe('请至少选择一颗卫星');
    expect(problem({ satellites: Array.from({ length: 201 }, (_, i) => `S${i}`) })).toBe(
      '一次最多预测 200 颗卫星，当前已选 201 颗',
    );
    expect(problem({ area: { mode: 'region', regionId: null } })).toBe('请选择行政区');
    expect(problem({ area: { mode: 'draw', shape: null } })).toBe('请在地图上绘制范围');
    expect(problem({ area: { mode: 'upload', uploadId: null } })).toBe('请上传范围文件');
    expect(problem({ start: '' })).toBe('请选择开始日期');
    expect(problem({ days: 31 })).toBe('预测天数须在 1 到 30 天之间');
    expect(problem({ days: 0 })).toBe('预测天数须在 1 到 30 天之间');
    expect(problem({ area: { mode: 'draw', shape: SQUARE }, mode: 'nadir' })).toBe(
      '绘制的范围只能预测成像机会',
    );
  });

  it('asks csj for imaging opportunities over a region, a drawing or an upload', () => {
    const window = { satellites: ['GF1', 'ZY3-02'], start: '2025-10-03', end: '2025-10-09' };
    expect(passRequest(HUBEI, CONFIG)).toEqual({
      route: 'csj',
      body: { selectMode: 1, regionId: '420000', ...window },
    });
    expect(passRequest({ ...HUBEI, area: { mode: 'draw', shape: SQUARE } }, CONFIG)).toEqual({
      route: 'csj',
      body: { selectMode: 4, geojson: SQUARE.geometry, ...window },
    });
    expect(opportunityQuery({ ...HUBEI, area: { mode: 'upload', uploadId: 'u1' } })).toEqual({
      selectMode: 3,
      uploadId: 'u1',
      ...window,
    });
  });

  it('asks region or shp for nadir passes, and nothing while the form has a problem', () => {
    const window = { satellites: ['GF1', 'ZY3-02'], start: '2025-10-03', end: '2025-10-09' };
    expect(passRequest({ ...HUBEI, mode: 'nadir' }, CONFIG)).toEqual({
      route: 'region',
      body: { regionId: '420000', ...window },
    });
    expect(
      passRequest({ ...HUBEI, mode: 'nadir', area: { mode: 'upload', uploadId: 'u1' } }, CONFIG),
    ).toEqual({ route: 'shp', body: { uploadId: 'u1', ...window } });
    expect(passRequest({ ...HUBEI, satellites: [] }, CONFIG)).toBeNull();
  });

  it('draws all tracks at a minute, coarser to stay under the point limit, or not at all', () => {
    const request = (satellites: number, days: number) =>
      passRequest(
        {
          ...HUBEI,
          satellites: Array.from({ length: satellites }, (_, i) => `S${i}`),
          days,
        },
        CONFIG,
      )!;
    expect(trackQuery(request(2, 7))?.stepSeconds).toBe(60);
    // 20 satellites × 7 days at 60 s would be 201,620 points.
    const step = trackQuery(request(20, 7))?.stepSeconds ?? 0;
    expect(20 * (Math.ceil((7 * 86_400 - 1) / step) + 1)).toBeLessThanOrEqual(100_000);
    expect(trackQuery(request(200, 30))).toBeNull();
  });
});
