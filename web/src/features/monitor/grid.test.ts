import { describe, expect, it } from 'vitest';
import type { GridCell, GridStatistics } from './api/types';
import { densestCells, gridMax, tileBbox } from './grid';

const cell = (x: number, y: number, count: number, areaM2: number, percent: number): GridCell => ({
  x,
  y,
  count,
  areaM2,
  percent,
});

describe('the grid', () => {
  it('makes a cell the Web Mercator tile (x, y) of its level', () => {
    // Zoom 1: four tiles, the north-west one from -180 to 0 and from 0 to the top latitude.
    const [west, south, east, north] = tileBbox(0, 0, 1);
    expect([west, south, east]).toEqual([-180, 0, 0]);
    expect(north).toBeCloseTo(85.0511, 4);
    // The level-13 tile holding 武汉 (114.3°E, 30.6°N).
    const box = tileBbox(6696, 3364, 13);
    expect(box[0]).toBeLessThan(114.3);
    expect(box[2]).toBeGreaterThan(114.3);
    expect(box[2] - box[0]).toBeCloseTo(360 / 2 ** 13, 10);
    expect(box[1]).toBeLessThan(30.6);
    expect(box[3]).toBeGreaterThan(30.6);
  });

  it('ranks the densest cells by the measure chosen, most first', () => {
    const cells = [cell(1, 1, 3, 900, 5), cell(2, 1, 7, 100, 1), cell(3, 1, 7, 500, 40)];
    expect(densestCells(cells, 'count').map((c) => c.x)).toEqual([2, 3, 1]);
    expect(densestCells(cells, 'area').map((c) => c.x)).toEqual([1, 3, 2]);
    expect(densestCells(cells, 'percent', 1).map((c) => c.x)).toEqual([3]);
  });

  it("takes the legend's top from the answer's max of the measure", () => {
    const grid: GridStatistics = {
      level: 13,
      regionId: '420000',
      name: '湖北省',
      total: { count: 17, areaM2: 1500 },
      max: { count: 7, areaM2: 900, percent: 40 },
      cells: [],
    };
    expect(gridMax(grid, 'count')).toBe(7);
    expect(gridMax(grid, 'area')).toBe(900);
    expect(gridMax(grid, 'percent')).toBe(40);
  });
});
