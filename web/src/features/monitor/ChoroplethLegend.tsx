// The choropleth's legend over the map: the ten classes of the measure shown, and no data.
import type { LegendClass, Measure } from './choropleth';
import { NO_DATA_COLOR } from './choropleth';
import { M2_PER_MU } from '../../lib/figures';

function bound(value: number, measure: Measure): string {
  // Areas in 亩, the unit land offices count in; counts with a decimal where a class is narrow.
  const shown = measure === 'area' ? value / M2_PER_MU : value;
  return shown.toLocaleString('zh-CN', { maximumFractionDigits: 1 });
}

export function ChoroplethLegend({
  classes,
  measure,
}: {
  classes: readonly LegendClass[];
  measure: Measure;
}) {
  return (
    <div className="monitor-legend" data-testid="choropleth-legend" data-classes={classes.length}>
      <div className="monitor-legend__title">
        {measure === 'count' ? '图斑数（个）' : '面积（亩）'}
      </div>
      <ul>
        {classes.map((item) => (
          <li key={item.color} data-testid="legend-class">
            <i style={{ background: item.color }} />
            {bound(item.from, measure)} – {bound(item.to, measure)}
          </li>
        ))}
        <li>
          <i style={{ background: NO_DATA_COLOR }} />
          无数据
        </li>
      </ul>
    </div>
  );
}
