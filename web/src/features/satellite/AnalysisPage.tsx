// The satellite analysis pages (/satellite/analysis/*): per view, the chart and the table of
// the same figures side by side, and the table's export as CSV.
import { lazy, Suspense } from 'react';
import { Button } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import { useCatalogue } from '../../api/getCatalogue';
import { LoadFailed } from '../../components/LoadFailed';
import { csvBlob } from '../../lib/csv';
import { saveFile } from '../../lib/saveFile';
import { ANALYSIS_NOTES, analysisViews, type AnalysisName, type AnalysisView } from './analysis';
import { ANALYSIS_MONTHS, useSceneStatistics } from './api/getSceneStatistics';
import { PageText } from './PageText';

const AnalysisChart = lazy(() => import('./AnalysisChart'));

/** The editable text of the development plan page. */
const DEVELOPMENT_PLAN = 'satellite/analysis/development-plan';

function View({ view, index }: { view: AnalysisView; index: number }) {
  const headingId = `analysis-view-${index}`;
  return (
    <section className="satellite-analysis__view" aria-labelledby={headingId}>
      <div className="satellite-analysis__heading">
        <h2 id={headingId}>{view.title}</h2>
        <Button
          icon={<DownloadOutlined />}
          onClick={() => saveFile(csvBlob(view.header, view.rows), `${view.fileName}.csv`)}
          data-testid={`analysis-export-${index}`}
        >
          导出表格
        </Button>
      </div>
      <div className="satellite-analysis__body">
        <Suspense fallback={<p>正在加载图表…</p>}>
          <AnalysisChart
            option={view.chart}
            label={view.title}
            testId={`analysis-chart-${index}`}
          />
        </Suspense>
        <div className="satellite-analysis__table">
          <table className="satellite-table" data-testid={`analysis-table-${index}`}>
            <caption>{view.title}</caption>
            <thead>
              <tr>
                {view.header.map((name) => (
                  <th key={name} scope="col">
                    {name}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {view.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, cellIndex) =>
                    cellIndex === 0 ? (
                      <th key={cellIndex} scope="row">
                        {cell}
                      </th>
                    ) : (
                      <td key={cellIndex}>{cell ?? '—'}</td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </section>
  );
}

export function AnalysisPage({ name }: { name: AnalysisName }) {
  const catalogue = useCatalogue();
  const statistics = useSceneStatistics(ANALYSIS_MONTHS);
  const failed = catalogue.isError || (name === 'general-statistic' && statistics.isError);
  const views = catalogue.data
    ? analysisViews(name, catalogue.data.satellites, statistics.data)
    : null;
  return (
    <div className="satellite-analysis" data-testid="satellite-analysis">
      <p className="satellite-analysis__note">{ANALYSIS_NOTES[name]}</p>
      {name === 'development-plan' && <PageText slug={DEVELOPMENT_PLAN} />}
      {failed ? (
        <LoadFailed
          title="统计数据加载失败"
          onRetry={() => {
            void catalogue.refetch();
            void statistics.refetch();
          }}
          testId="analysis-failed"
        />
      ) : views ? (
        views.map((view, index) => <View key={view.title} view={view} index={index} />)
      ) : (
        <p>正在统计…</p>
      )}
    </div>
  );
}
