// TREND's two charts, drawn by ECharts. Loaded lazily (TrendView), in a chunk of its own, with
// only the parts of ECharts it uses: line and bar charts, axes, tooltip, legend, canvas.
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart, type ChartClick } from '../../components/charts/EChart';
import type { ChartOption } from './trend';

register([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

function Chart({
  option,
  onBatch,
  batchNames,
  label,
  testId,
}: {
  option: ChartOption;
  onBatch: (index: number) => void;
  batchNames: readonly string[];
  label: string;
  testId: string;
}) {
  const click = (params: ChartClick) => {
    const index =
      params.componentType === 'xAxis'
        ? batchNames.indexOf(String(params.value))
        : (params.dataIndex ?? -1);
    if (index >= 0) onBatch(index);
  };
  return (
    <EChart
      option={option}
      label={label}
      testId={testId}
      figureClass="monitor-trend__figure"
      chartClass="monitor-trend__chart"
      onClick={click}
    />
  );
}

export interface TrendChartsProps {
  line: ChartOption;
  bars: ChartOption;
  /** What the bars split each batch by, e.g. 按变化类别. */
  barsBy: string;
  batchNames: readonly string[];
  /** A batch clicked (a point, a bar or its name): its index among the batches. */
  onBatch: (index: number) => void;
}

export default function TrendCharts({ line, bars, barsBy, batchNames, onBatch }: TrendChartsProps) {
  return (
    <>
      <Chart
        option={line}
        onBatch={onBatch}
        batchNames={batchNames}
        label="各批次图斑数量与面积"
        testId="trend-line"
      />
      <Chart
        option={bars}
        onBatch={onBatch}
        batchNames={batchNames}
        label={`各批次图斑数量（${barsBy}）`}
        testId="trend-bars"
      />
    </>
  );
}
