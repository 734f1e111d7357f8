// The push statistics' charts, drawn by ECharts in a chunk of their own with only the parts
// they use: scenes sent per month by channel (stacked bars) and per satellite.
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { use as register } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { EChart } from '../../components/charts/EChart';
import type { Distribution } from './api/getPushStatistics';
import { channelLabel } from '../../lib/pushChannels';

register([BarChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);

const COLORS = { internet: '#1677ff', privateline: '#fa8c16' } as const;

export default function PushCharts({
  internet,
  privateline,
}: {
  internet: Distribution;
  privateline: Distribution;
}) {
  const both = [internet, privateline];
  const months = {
    grid: { left: 56, right: 16, top: 36, bottom: 28 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: { type: 'category', data: internet.months.map((m) => `${Number(m.month.slice(5))}月`) },
    yAxis: { type: 'value', name: '影像（景）', minInterval: 1 },
    series: both.map((d) => ({
      name: channelLabel(d.channel),
      type: 'bar',
      stack: 'scenes',
      itemStyle: { color: COLORS[d.channel] },
      data: d.months.map((m) => m.scenes),
    })),
  };
  // Every satellite either channel sent, by scenes sent in all.
  const satellites = [...new Set(both.flatMap((d) => d.satellites.map((s) => s.satellite)))]
    .map((satellite) => {
      const of = (d: Distribution) => d.satellites.find((s) => s.satellite === satellite);
      const label = of(internet)?.label ?? of(privateline)?.label ?? satellite;
      const counts: [number, number] = [of(internet)?.scenes ?? 0, of(privateline)?.scenes ?? 0];
      return { label, counts };
    })
    .sort((a, b) => b.counts[0] + b.counts[1] - (a.counts[0] + a.counts[1]));
  const bySatellite = {
    grid: { left: 56, right: 16, top: 36, bottom: 48 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    xAxis: {
      type: 'category',
      data: satellites.map((s) => s.label),
      axisLabel: { interval: 0, rotate: satellites.length > 8 ? 30 : 0 },
    },
    yAxis: { type: 'value', name: '影像（景）', minInterval: 1 },
    series: both.map((d, index) => ({
      name: channelLabel(d.channel),
      type: 'bar',
      stack: 'scenes',
      itemStyle: { color: COLORS[d.channel] },
      data: satellites.map((s) => s.counts[index]),
    })),
  };
  return (
    <div className="push-charts">
      <EChart
        option={months}
        label={`${internet.year}年各月推送影像`}
        testId="push-month-chart"
        figureClass="push-chart"
        chartClass="push-chart__canvas"
      />
      <EChart
        option={bySatellite}
        label={`${internet.year}年各卫星推送影像`}
        testId="push-satellite-chart"
        figureClass="push-chart"
        chartClass="push-chart__canvas"
      />
    </div>
  );
}
