// The analysis pages' charts, drawn by ECharts in a chunk of their own with only the parts
// they use: bar and line charts, axes, tooltip, legend, canvas.
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '../../components/charts/EChart';
import type { ChartOption } from './analysis';

register([BarChart, LineChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export default function AnalysisChart({
  option,
  label,
  testId,
}: {
  option: ChartOption;
  label: string;
  testId: string;
}) {
  return (
    <EChart
      option={option}
      label={label}
      testId={testId}
      figureClass="satellite-analysis__figure"
      chartClass="satellite-analysis__chart"
    />
  );
}
