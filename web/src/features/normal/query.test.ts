import { describe, expect, it } from 'vitest';
import {
  DRAW,
  EXTENT,
  FILE,
  REGION,
  SHP,
  addMonths,
  allResultsBody,
  areaGiven,
  beijingDay,
  clearsResults,
  defaultFilters,
  emptyArea,
  newSearch,
  resultKey,
  sceneQueryBody,
  type Area,
} from './query';

const hubei: Area = { mode: REGION, regionId: '420000' };
const triangle = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [114, 30],
      [115, 30],
      [114.5, 31],
      [114, 30],
    ],
  ],
};

describe('the default time range', () => {
  it('ends today in Beijing, which is tomorrow in UTC after 16:00', () => {
    expect(beijingDay(new Date('2026-11-21T15:59:59Z'))).toBe('2026-11-21');
    expect(beijingDay(new Date('2026-11-21T16:00:00Z'))).toBe('2026-11-22');
  });

  it('reaches back three months, kept inside the month', () => {
    expect(defaultFilters(new Date('2026-11-22T03:00:00Z'))).toMatchObject({
      startTime: '2026-08-22',
      endTime: '2026-11-22',
      cloudMax: 100,
      satellites: [],
      online: null,
    });
    expect(addMonths('2026-05-31', -3)).toBe('2026-02-28');
    expect(addMonths('2026-02-15', -3)).toBe('2025-11-15');
  });
});

describe('the area of interest', () => {
  it('is given once its mode has what it needs', () => {
    for (const mode of [REGION, EXTENT, SHP, DRAW, FILE] as const)
      expect(areaGiven(emptyArea(mode))).toBe(false);
    expect(areaGiven(hubei)).toBe(true);
    expect(areaGiven({ mode: EXTENT, extent: [110, 29, 116, 33] })).toBe(true);
    expect(areaGiven({ mode: SHP, uploadId: 'u1' })).toBe(true);
    expect(areaGiven({ mode: DRAW, polygon: triangle })).toBe(true);
  });

  it('clears the results when the region, extent, upload or mode changes (spec §4)', () => {
    expect(clearsResults(hubei, { mode: REGION, regionId: '420100' })).toBe(true);
    expect(clearsResults(hubei, emptyArea(EXTENT))).toBe(true);
    expect(
      clearsResults({ mode: EXTENT, extent: [1, 2, 3, 4] }, { mode: EXTENT, extent: [1, 2, 3, 5] }),
    ).toBe(true);
    expect(clearsResults({ mode: SHP, uploadId: 'a' }, { mode: SHP, uploadId: 'b' })).toBe(true);
    expect(clearsResults({ mode: SHP, uploadId: 'a' }, { mode: FILE, uploadId: 'a' })).toBe(true);
  });

  it('keeps them for the same area again', () => {
    expect(clearsResults(hubei, { mode: REGION, regionId: '420000' })).toBe(false);
    expect(
      clearsResults({ mode: EXTENT, extent: [1, 2, 3, 4] }, { mode: EXTENT, extent: [1, 2, 3, 4] }),
    ).toBe(false);
  });
});

describe('the request body', () => {
  const filters = defaultFilters(new Date('2026-11-22T03:00:00Z'));

  it('sends the area of each mode in its own field', () => {
    const body = (area: Area) => sceneQueryBody(newSearch(area, filters));
    expect(body(hubei)).toMatchObject({ selectMode: 1, regionId: '420000' });
    expect(body({ mode: EXTENT, extent: [110, 29, 116, 33] })).toMatchObject({
      selectMode: 2,
      extent: [110, 29, 116, 33],
    });
    expect(body({ mode: DRAW, polygon: triangle })).toMatchObject({
      selectMode: 4,
      geojson: triangle,
    });
    expect(body({ mode: SHP, uploadId: 'u1' })).toMatchObject({ selectMode: 3, uploadId: 'u1' });
    expect(body({ mode: FILE, uploadId: 'u2' })).toMatchObject({ selectMode: 5, uploadId: 'u2' });
  });

  it('leaves open filters out and sends the chosen ones', () => {
    expect(sceneQueryBody(newSearch(hubei, filters))).toEqual({
      selectMode: 1,
      regionId: '420000',
      startTime: '2026-08-22',
      endTime: '2026-11-22',
      sort: 'time',
      pageNum: 1,
      pageSize: 20,
    });
    const chosen = {
      ...filters,
      cloudMax: 30,
      satellites: [
        { satellite: 'GF1', sensors: ['PMS1'] },
        { satellite: 'GF2', sensors: [] },
      ],
      resolutions: [1, 2],
      types: [1],
      online: false,
    };
    expect(sceneQueryBody({ ...newSearch(hubei, chosen, 'cloud'), pageNum: 3 })).toMatchObject({
      cloudMax: 30,
      satellites: chosen.satellites,
      resolutions: [1, 2],
      types: [1],
      online: false,
      sort: 'cloud',
      pageNum: 3,
    });
  });

  it('asks for every result without page or order, and keys results alike', () => {
    const first = newSearch(hubei, filters);
    const third = { ...first, pageNum: 3, sort: 'cloud' as const };
    expect(JSON.parse(JSON.stringify(allResultsBody(third)))).not.toHaveProperty('pageNum');
    expect(JSON.stringify(allResultsBody(first))).toBe(JSON.stringify(allResultsBody(third)));
    expect(resultKey(first)).toBe(resultKey(third));
    expect(resultKey(first)).not.toBe(
      resultKey({ ...first, filters: { ...filters, cloudMax: 10 } }),
    );
  });
});
