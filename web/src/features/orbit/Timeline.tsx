// The passes of the window as a timeline: a row per satellite, a bar per pass (timeline.ts
// places them as shares of the window, drawn here as SVG percentages), a line at each Beijing
// midnight. Clicking a bar selects its pass.
import { beijingTimeOf } from '../../lib/beijingTime';
import type { PassRow } from './api/types';
import type { TimelineRow, TimelineTick } from './timeline';

const percent = (share: number) => `${(share * 100).toFixed(3)}%`;

function Gridlines({ ticks }: { ticks: readonly TimelineTick[] }) {
  return ticks.map((tick) => (
    <line
      key={tick.label}
      className="orbit-timeline__grid"
      x1={percent(tick.left)}
      x2={percent(tick.left)}
      y1="0"
      y2="100%"
    />
  ));
}

/** The timeline of `rows`; `selected` is the key of the selected pass. */
export function Timeline({
  rows,
  ticks,
  selected,
  onSelect,
}: {
  rows: readonly TimelineRow[];
  ticks: readonly TimelineTick[];
  selected: string | null;
  onSelect: (pass: PassRow) => void;
}) {
  return (
    <div className="orbit-timeline" data-testid="orbit-timeline">
      <div className="orbit-timeline__row orbit-timeline__axis">
        <span className="orbit-timeline__label" />
        <svg className="orbit-timeline__lane" role="presentation">
          {ticks.map((tick) => (
            <text key={tick.label} x={percent(tick.left)} y="13" dx="3">
              {tick.label}
            </text>
          ))}
          <Gridlines ticks={ticks} />
        </svg>
      </div>
      {rows.map((row) => (
        <div
          key={row.satellite}
          className="orbit-timeline__row"
          data-testid="timeline-row"
          data-satellite={row.satellite}
        >
          <span className="orbit-timeline__label" title={row.label}>
            {row.label}
          </span>
          <svg className="orbit-timeline__lane">
            <Gridlines ticks={ticks} />
            {row.bars.map((bar) => {
              const isSelected = bar.key === selected;
              return (
                <rect
                  key={bar.key}
                  className={
                    isSelected
                      ? 'orbit-timeline__bar orbit-timeline__bar--selected'
                      : 'orbit-timeline__bar'
                  }
                  x={percent(bar.left)}
                  width={percent(bar.width)}
                  y="3"
                  height="14"
                  rx="1"
                  data-testid="timeline-bar"
                  data-key={bar.key}
                  data-selected={isSelected}
                  onClick={() => onSelect(bar.pass)}
                >
                  <title>
                    {`${row.label} ${beijingTimeOf(bar.pass.start)} 至 ${beijingTimeOf(bar.pass.end)}`}
                  </title>
                </rect>
              );
            })}
          </svg>
        </div>
      ))}
    </div>
  );
}
