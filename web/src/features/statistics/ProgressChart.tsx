// The verification progress per month of sending, stacked by state, drawn by ECharts in a
// chunk of its own (as the push charts are).
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '../../components/charts/EChart';
import { STATE_COLORS, STATE_LABELS, STATES } from '../../lib/spotCheckStates';
import type { VerificationProgress } from './api/getPushStatistics';

register([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

export default function ProgressChart({ progress }: { progress: VerificationProgress }) {
  const option = {
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: {
      type: 'category',
      data: progress.months.map((m) => `${Number(m.month.slice(5))}月`),
    },
    yAxis: { type: 'value', name: '图斑（个）', minInterval: 1 },
    series: STATES.map((key) => ({
      name: STATE_LABELS[key],
      type: 'bar',
      stack: 'spots',
      itemStyle: { color: STATE_COLORS[key] },
      data: progress.months.map((m) => m.states[key]),
    })),
  };
  return (
    <EChart
      option={option}
      label={`${progress.year}年各月推送图斑的核查进度`}
      testId="verification-month-chart"
      figureClass="push-chart"
      chartClass="push-chart__canvas"
    />
  );
}
