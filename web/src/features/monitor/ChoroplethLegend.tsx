// The legend over the map of STATISTICS' regions and GRID's cells: the ten classes of the
// measure shown, and no data.
import { ClassLegend } from '../../components/map/ClassLegend';
import type { LegendClass } from '../../components/map/choropleth';
import { M2_PER_MU } from '../../lib/figures';
import type { GridMeasure } from './state';

const TITLES: Record<GridMeasure, string> = {
  count: '图斑数（个）',
  area: '面积（亩）',
  percent: '覆盖率（%）',
};

function bound(value: number, measure: GridMeasure): string {
  // Areas in 亩, the unit land offices count in; counts with a decimal where a class is narrow.
  const shown = measure === 'area' ? value / M2_PER_MU : value;
  return shown.toLocaleString('zh-CN', { maximumFractionDigits: 1 });
}

export function ChoroplethLegend({
  classes,
  measure,
}: {
  classes: readonly LegendClass[];
  measure: GridMeasure;
}) {
  return (
    <ClassLegend
      classes={classes}
      title={TITLES[measure]}
      format={(value) => bound(value, measure)}
    />
  );
}
