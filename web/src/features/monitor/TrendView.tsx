// TREND where the map was: the line chart of count and area per batch and the stacked bars by
// type or change category. The charts' code (ECharts) loads only when TREND is first shown.
import { Suspense, lazy, useMemo } from 'react';
import { Empty, Spin } from 'antd';
import type { Trend } from './api/types';
import type { TrendBy } from './state';
import { barOption, lineOption, trendRows, trendSeries } from './trend';

const TrendCharts = lazy(() => import('./TrendCharts'));

function Waiting({ testId }: { testId: string }) {
  return (
    <div className="monitor-page__state" data-testid={testId}>
      <Spin description="图表加载中…" size="large">
        <div className="monitor-side__spin" />
      </Spin>
    </div>
  );
}

export function TrendView({
  trend,
  by,
  onBatch,
}: {
  trend: Trend | undefined;
  by: TrendBy;
  /** A batch clicked, by its id. */
  onBatch: (batch: string) => void;
}) {
  const charts = useMemo(() => {
    if (!trend) return null;
    const rows = trendRows(trend);
    return {
      line: lineOption(rows),
      bars: barOption(rows, trendSeries(trend, by), by),
      names: rows.map((row) => row.batch.typeName),
      ids: rows.map((row) => row.batch.id),
    };
  }, [trend, by]);

  if (!charts) return <Waiting testId="trend-loading" />;
  if (charts.ids.length === 0)
    return (
      <div className="monitor-page__state" data-testid="trend-empty">
        <Empty description="暂无批次" />
      </div>
    );
  return (
    <div className="monitor-trend__charts" data-testid="trend-charts">
      <h2 className="monitor-trend__title">{trend?.name}各批次图斑变化趋势</h2>
      <Suspense fallback={<Waiting testId="trend-charts-loading" />}>
        <TrendCharts
          line={charts.line}
          bars={charts.bars}
          barsBy={by === 'type' ? '按类型' : '按变化类别'}
          batchNames={charts.names}
          onBatch={(index) => {
            const id = charts.ids[index];
            if (id !== undefined) onBatch(id);
          }}
        />
      </Suspense>
    </div>
  );
}
