// TREND's two charts, drawn by ECharts. Loaded lazily (TrendView), in a chunk of its own, with
// only the parts of ECharts it uses: line and bar charts, axes, tooltip, legend, canvas.
import { useEffect, useRef } from 'react';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as register, type ECharts } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import type { ChartOption } from './trend';

register([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

/** What ECharts reports of a click: a point or bar's batch index, or an axis label's. */
interface ChartClick {
  componentType?: string;
  dataIndex?: number;
  value?: unknown;
}

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
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef({ onBatch, batchNames });
  useEffect(() => {
    latest.current = { onBatch, batchNames };
  });

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const instance = init(container);
    chart.current = instance;
    instance.on('click', (params: ChartClick) => {
      const index =
        params.componentType === 'xAxis'
          ? latest.current.batchNames.indexOf(String(params.value))
          : (params.dataIndex ?? -1);
      if (index >= 0) latest.current.onBatch(index);
    });
    const resize = new ResizeObserver(() => instance.resize());
    resize.observe(container);
    return () => {
      resize.disconnect();
      chart.current = null;
      instance.dispose();
    };
  }, []);

  useEffect(() => {
    chart.current?.setOption(option, { notMerge: true });
  }, [option]);

  return (
    <figure className="monitor-trend__figure">
      <figcaption>{label}</figcaption>
      <div
        ref={element}
        className="monitor-trend__chart"
        role="img"
        aria-label={label}
        data-testid={testId}
      />
    </figure>
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
