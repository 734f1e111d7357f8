// One ECharts chart in a figure with its caption. The caller registers the chart types and
// components it uses (`use` from echarts/core) in its own lazily loaded chunk, so each page
// carries only the parts of ECharts it draws with.
import { useEffect, useRef } from 'react';
import { init, type ECharts, type EChartsCoreOption } from 'echarts/core';

/** What ECharts reports of a click: a point or bar's index, or an axis label's value. */
export interface ChartClick {
  componentType?: string;
  dataIndex?: number;
  value?: unknown;
}

export interface EChartProps {
  option: EChartsCoreOption;
  /** Caption, and the chart's accessible name. */
  label: string;
  testId: string;
  /** Class names of the figure and the drawing area, for the page's layout. */
  figureClass?: string;
  chartClass?: string;
  onClick?: (click: ChartClick) => void;
}

export function EChart({ option, label, testId, figureClass, chartClass, onClick }: EChartProps) {
  const element = useRef<HTMLDivElement>(null);
  const chart = useRef<ECharts | null>(null);
  const latest = useRef(onClick);
  useEffect(() => {
    latest.current = onClick;
  });

  useEffect(() => {
    const container = element.current;
    if (!container) return;
    const instance = init(container);
    chart.current = instance;
    instance.on('click', (params: ChartClick) => latest.current?.(params));
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
    <figure className={figureClass}>
      <figcaption>{label}</figcaption>
      <div
        ref={element}
        className={chartClass}
        role="img"
        aria-label={label}
        data-testid={testId}
      />
    </figure>
  );
}
