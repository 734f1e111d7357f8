// The region's covered share in each quarter of the year, drawn by ECharts in a chunk of its
// own with only the parts it uses (bars, axes, tooltip, canvas).
import { BarChart } from 'echarts/charts';
import { GridComponent, TooltipComponent } from 'echarts/components';
import { use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '../../components/charts/EChart';
import { QUARTERS } from './coverage';

register([BarChart, GridComponent, TooltipComponent, CanvasRenderer]);

/** `ratios`: quarters 1–4, null while a quarter is being counted. */
export default function CoverageTrend({
  ratios,
  label,
}: {
  ratios: readonly (number | null)[];
  label: string;
}) {
  const option = {
    grid: { left: 48, right: 16, top: 24, bottom: 28 },
    tooltip: { trigger: 'axis', valueFormatter: (value: number) => `${value}%` },
    xAxis: { type: 'category', data: QUARTERS.slice(1).map((q) => q.label) },
    yAxis: { type: 'value', max: 100, name: '覆盖率（%）' },
    series: [
      {
        type: 'bar',
        itemStyle: { color: '#1c7b31' },
        data: ratios.map((ratio) => (ratio === null ? null : Number((ratio * 100).toFixed(1)))),
      },
    ],
  };
  return (
    <EChart
      option={option}
      label={label}
      testId="coverage-trend"
      figureClass="coverage-trend"
      chartClass="coverage-trend__chart"
    />
  );
}
