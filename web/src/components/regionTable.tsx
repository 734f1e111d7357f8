// What tables of the regions one level down share (应用监测's statistics, 动态分析): the name
// column, a link for a region with regions below it, and the row click that drills into it.
import type { HTMLAttributes } from 'react';
import './regionTable.css';

/** A row of such a table. */
export interface RegionRow {
  regionId: string;
  name: string;
  hasChildren: boolean;
}

/** The 行政区 column: a region with regions below it shows as a link. */
export function regionNameColumn<Row extends RegionRow>() {
  return {
    title: '行政区',
    dataIndex: 'name',
    render: (name: string, row: Row) =>
      row.hasChildren ? (
        <a data-testid="region-row" data-code={row.regionId}>
          {name}
        </a>
      ) : (
        <span data-testid="region-row" data-code={row.regionId}>
          {name}
        </span>
      ),
  };
}

/** A row's click: into the region when it has regions below it. */
export function drillRow<Row extends RegionRow>(
  onRegion: (code: string) => void,
): (row: Row) => HTMLAttributes<HTMLElement> {
  return (row) => ({
    onClick: () => row.hasChildren && onRegion(row.regionId),
    className: row.hasChildren ? 'region-table__drillable' : undefined,
  });
}
