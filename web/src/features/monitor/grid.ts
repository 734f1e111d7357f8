// GRID's cells (pure; tested in grid.test.ts). A cell is one Web Mercator tile at the grid's
// level (zoom): x from the west, y from the north, 2^level of each across the world. The
// page ranks them by the measure chosen and flies to one by its box.
import type { Bbox } from '../../components/map/types';
import type { GridCell, GridStatistics } from './api/types';
import type { GridMeasure } from './state';

/** Cells the table of the densest lists. */
export const DENSEST_COUNT = 10;

/** The longitude of a tile column's west edge at `zoom`. */
function lonOf(x: number, zoom: number): number {
  return (x / 2 ** zoom) * 360 - 180;
}

/** The latitude of a tile row's north edge at `zoom` (Web Mercator). */
function latOf(y: number, zoom: number): number {
  return (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / 2 ** zoom))) * 180) / Math.PI;
}

/** The box of tile (x, y) at `zoom`, [west, south, east, north] in degrees. */
export function tileBbox(x: number, y: number, zoom: number): Bbox {
  return [lonOf(x, zoom), latOf(y + 1, zoom), lonOf(x + 1, zoom), latOf(y, zoom)];
}

export function cellValue(cell: GridCell, measure: GridMeasure): number {
  if (measure === 'count') return cell.count;
  return measure === 'area' ? cell.areaM2 : cell.percent;
}

/** The largest value of `measure` over the cells (the answer says). */
export function gridMax(grid: GridStatistics, measure: GridMeasure): number {
  return cellValue({ x: 0, y: 0, ...grid.max }, measure);
}

/** The `count` cells with the most of `measure`, most first (ties west then north first). */
export function densestCells(
  cells: readonly GridCell[],
  measure: GridMeasure,
  count = DENSEST_COUNT,
): GridCell[] {
  return [...cells]
    .sort((a, b) => cellValue(b, measure) - cellValue(a, measure) || a.x - b.x || a.y - b.y)
    .slice(0, count);
}
