// DETAIL's legend: what the spots are classified by (type, stage or change category), and
// the items to show (全部, or some values), each in its map colour (spec §3 legend items).
import { Checkbox, Segmented } from 'antd';
import { ALL, legendBy, toggleLegend, type Legend, type LegendBy } from './state';

/** A legend item: a value of what the legend classifies by. */
export interface LegendItem {
  value: string;
  label: string;
  color: string;
}

export interface SpotLegendProps {
  legend: Legend;
  onChange: (legend: Legend) => void;
  /** What the theme's spots can be classified by. */
  choices: readonly { value: LegendBy; label: string }[];
  items: readonly LegendItem[];
}

export function SpotLegend({ legend, onChange, choices, items }: SpotLegendProps) {
  return (
    <div className="spot-legend" data-testid="spot-legend">
      <Segmented<LegendBy>
        size="small"
        value={legend.by}
        options={choices.map(({ value, label }) => ({ value, label }))}
        onChange={(by) => onChange(legendBy(legend, by))}
        data-testid="legend-by"
      />
      <div className="spot-legend__items">
        {[{ value: ALL, label: '全部', color: '' }, ...items].map((item) => (
          <Checkbox
            key={item.value}
            checked={legend.checked.includes(item.value)}
            onChange={(event) => onChange(toggleLegend(legend, item.value, event.target.checked))}
            data-testid={`legend-item-${item.value}`}
          >
            {item.color && <i className="spot-legend__swatch" style={{ background: item.color }} />}
            {item.label}
          </Checkbox>
        ))}
      </div>
    </div>
  );
}
