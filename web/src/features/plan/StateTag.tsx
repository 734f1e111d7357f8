// An area's state as a coloured tag (the map's colour for it) and the legend of the colours.
import { Space, Tag } from 'antd';
import { PLAN_STATES, type PlanState } from './api/types';
import { stateColour } from './planMap';

export function StateTag({ state, label }: { state: PlanState; label: string }) {
  return (
    <Tag color={stateColour(state)} data-testid="plan-state">
      {label}
    </Tag>
  );
}

/** What each colour on the map means. */
export function StateLegend() {
  return (
    <Space size={4} wrap data-testid="plan-legend">
      {PLAN_STATES.map((entry) => (
        <Tag key={entry.value} color={entry.colour}>
          {entry.label}
        </Tag>
      ))}
    </Space>
  );
}
