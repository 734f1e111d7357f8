// Orbit answers for this feature's tests, shaped as the server sends them.
import type { OrbitConfig, OrbitSatellite, PassList, PassRow } from './api/types';

export function satellite(
  value: string,
  label: string,
  group: string,
  more: Partial<OrbitSatellite> = {},
): OrbitSatellite {
  return {
    value,
    label,
    group,
    country: '中国',
    index: 1,
    checked: false,
    properties: 1,
    resolution: 2,
    type: 1,
    noradId: 40000,
    swathKm: 60,
    epoch: '2025-10-03T15:06:55+08:00',
    maxOffNadirDeg: 25,
    ...more,
  };
}

export const SATELLITES: OrbitSatellite[] = [
  satellite('GF1', '高分一号', 'chinese/gf1', { checked: true }),
  satellite('GF1B', '高分一号B星', 'chinese/gf1bcd', { checked: true }),
  satellite('GF1C', '高分一号C星', 'chinese/gf1bcd'),
  satellite('GF3', '高分三号', 'chinese/gf3', { type: 3, resolution: 1 }),
  satellite('ZY3-02', '资源三号02星', 'chinese/zy3'),
  satellite('S2A', '哨兵2A', 'global/optical/sentinel2', { properties: 2, resolution: 3 }),
];

export const CONFIG: OrbitConfig = {
  defaultDays: 7,
  maxDays: 30,
  maxSatellites: 200,
  minSunElevationDeg: 10,
  defaultOffNadirDeg: 25,
  defaultStart: '2025-10-03',
  stale: true,
  newestEpoch: '2025-10-03T15:06:55+08:00',
  satellites: SATELLITES,
};

export function pass(satellite: string, label: string, start: string, end: string): PassRow {
  return {
    satellite,
    label,
    noradId: 40000,
    type: 1,
    start,
    end,
    closest: start,
    durationS: (Date.parse(end) - Date.parse(start)) / 1000,
    offNadirDeg: 12.34,
    elevationDeg: 71.5,
    sunElevationDeg: 45.25,
    ascending: false,
    daylight: true,
  };
}

export const PASSES: PassList = {
  start: '2025-10-03T00:00:00+08:00',
  end: '2025-10-09T23:59:59+08:00',
  minSunElevationDeg: 10,
  opportunities: true,
  centre: [112.3, 30.9],
  passes: [
    pass('GF1', '高分一号', '2025-10-03T11:02:10+08:00', '2025-10-03T11:03:40+08:00'),
    pass('ZY3-02', '资源三号02星', '2025-10-04T10:40:00+08:00', '2025-10-04T10:41:30+08:00'),
    pass('GF1', '高分一号', '2025-10-05T10:58:00+08:00', '2025-10-05T10:59:10+08:00'),
  ],
  skipped: [{ satellite: 'GF1B', label: '高分一号B星', reason: '无可用轨道根数' }],
};
