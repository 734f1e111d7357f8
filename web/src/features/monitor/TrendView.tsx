// TREND where the map was: the line chart of count and area per batch and the stacked bars by
// type or change category. The charts' code (ECharts) loads only when TREND is first shown.
import { Suspense, lazy, useMemo } from 'react';
import type { Trend } from './api/types';
import { PaneState } from './PaneState';
import type { TrendBy } from './state';
import { barOption, lineOption, trendRows, trendSeries } from './trend';

const TrendCharts = lazy(() => import('./TrendCharts'));

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

  if (!charts) return <PaneState kind="loading" testId="trend-loading" />;
  if (charts.ids.length === 0) return <PaneState kind="empty" testId="trend-empty" />;
  return (
    <div className="monitor-trend__charts" data-testid="trend-charts">
      <h2 className="monitor-trend__title">{trend?.name}各批次图斑变化趋势</h2>
      <Suspense fallback={<PaneState kind="loading" testId="trend-charts-loading" />}>
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
