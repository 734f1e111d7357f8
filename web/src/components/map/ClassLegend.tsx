// The legend over a choropleth: its ten classes (choropleth.ts) with their bounds, and no data.
import type { LegendClass } from './choropleth';
import { NO_DATA_COLOR } from './choropleth';

export function ClassLegend({
  classes,
  title,
  format,
}: {
  classes: readonly LegendClass[];
  title: string;
  /** A class bound as shown, e.g. a share as a whole percentage. */
  format: (value: number) => string;
}) {
  return (
    <div className="class-legend" data-testid="choropleth-legend" data-classes={classes.length}>
      <div className="class-legend__title">{title}</div>
      <ul>
        {classes.map((item) => (
          <li key={item.color} data-testid="legend-class">
            <i style={{ background: item.color }} />
            {format(item.from)} – {format(item.to)}
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
