import { describe, expect, it } from 'vitest';
import { decodeFilters, decodePermalink, encodePermalink } from './permalink';
import {
  COVERAGE_TAB,
  DRAW,
  EXTENT,
  FILE,
  REGION,
  RESULT_TAB,
  SELECT_TAB,
  SHP,
  defaultFilters,
  newSearch,
  type Area,
  type Search,
  type SidebarTab,
} from './query';

const now = new Date('2026-11-22T03:00:00Z');
const filters = defaultFilters(now);

function roundTrip(search: Search, tab: SidebarTab = RESULT_TAB) {
  const text = encodePermalink(search, tab).toString();
  return decodePermalink(new URLSearchParams(text), now);
}

describe('the permalink', () => {
  const areas: Area[] = [
    { mode: REGION, regionId: '420000' },
    { mode: EXTENT, extent: [110.123456, 29.5, 116.25, 33.000001] },
    {
      mode: DRAW,
      polygon: {
        type: 'Polygon',
        coordinates: [
          [
            [114.1, 30.2],
            [115.3, 30.4],
            [114.7, 31.5],
            [114.1, 30.2],
          ],
        ],
      },
    },
    { mode: SHP, uploadId: 'up-123' },
    { mode: FILE, uploadId: 'up-456' },
  ];

  it.each(areas)('restores a search over mode $mode as it was', (area) => {
    const search = newSearch(area, filters);
    expect(roundTrip(search)).toEqual({ search, tab: RESULT_TAB });
  });

  it('restores every filter, the order, the page and the tab', () => {
    const search: Search = {
      area: { mode: REGION, regionId: '420100' },
      filters: {
        startTime: '2026-01-01',
        endTime: '2026-03-31',
        cloudMax: 20,
        satellites: [
          { satellite: 'GF1', sensors: ['PMS1', 'PMS2'] },
          { satellite: 'GF2', sensors: [] },
        ],
        resolutions: [1, 2],
        types: [1, 3],
        online: true,
      },
      sort: 'cloud',
      pageNum: 4,
      pageSize: 50,
    };
    expect(roundTrip(search, COVERAGE_TAB)).toEqual({ search, tab: COVERAGE_TAB });
    expect(
      roundTrip({ ...search, filters: { ...search.filters, online: false } }).search,
    ).toMatchObject({ filters: { online: false } });
  });

  it('writes short, readable parameters and leaves the defaults out', () => {
    const params = encodePermalink(
      {
        ...newSearch({ mode: REGION, regionId: '420000' }, filters),
        filters: { ...filters, satellites: [{ satellite: 'GF1', sensors: ['PMS1'] }] },
      },
      RESULT_TAB,
    );
    expect(Object.fromEntries(params)).toEqual({
      mode: '1',
      region: '420000',
      from: '2026-08-22',
      to: '2026-11-22',
      sat: 'GF1:PMS1',
      tab: '2',
    });
  });

  it('holds nothing without a search, and an address without an area restores none', () => {
    expect(encodePermalink(null, SELECT_TAB).toString()).toBe('');
    expect(decodePermalink(new URLSearchParams(''), now)).toEqual({
      search: null,
      tab: SELECT_TAB,
    });
    for (const address of ['mode=1', 'mode=2&extent=1,2,3', 'mode=4&geom=1,2;3,4', 'mode=9'])
      expect(decodePermalink(new URLSearchParams(address), now).search).toBeNull();
  });

  it('fills what an address leaves out or gets wrong with the defaults', () => {
    const { search, tab } = decodePermalink(
      new URLSearchParams('mode=1&region=420000&from=yesterday&cloud=abc&page=-2&size=500&tab=7'),
      now,
    );
    expect(tab).toBe(SELECT_TAB);
    expect(search).toMatchObject({
      filters: { startTime: '2026-08-22', endTime: '2026-11-22', cloudMax: 100 },
      pageNum: 1,
      pageSize: 100,
      sort: 'time',
    });
  });
});

describe('a pre-filled address without an area', () => {
  it('runs no search but pre-fills the satellites it names', () => {
    const params = new URLSearchParams('sat=GF1&sat=GF2:PMS1');
    expect(decodePermalink(params, now).search).toBeNull();
    expect(decodeFilters(params, now)).toEqual({
      ...filters,
      satellites: [
        { satellite: 'GF1', sensors: [] },
        { satellite: 'GF2', sensors: ['PMS1'] },
      ],
    });
  });

  it('gives the default filters for a bare address', () => {
    expect(decodeFilters(new URLSearchParams(), now)).toEqual(filters);
  });
});
