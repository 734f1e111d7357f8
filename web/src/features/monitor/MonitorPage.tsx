// The monitoring themes (spec §2 /monitor/<theme>): one page for all eight, built from the
// configuration the server gives for the theme the route names (ThemeMonitor.tsx). The
// route guard has checked the permission and the area range already.
import { Spin } from 'antd';
import { LoadFailed } from '../../components/LoadFailed';
import { PageFrame, type PageProps } from '../../components/PageFrame';
import { ResultPage } from '../../components/ResultPage';
import { NO_PERMISSION_MESSAGE } from '../../lib/monitoringRule';
import { useThemes } from '../../api/getSpotThemes';
import { ThemeMonitor } from './ThemeMonitor';
import './MonitorPage.css';

/** The theme a route path names: its last part, e.g. windmill of /monitor/windmill. */
export function themeOfPath(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

export default function MonitorPage({ path, title, trail }: PageProps) {
  const themes = useThemes();
  if (themes.isError)
    return (
      <PageFrame title={title} trail={trail}>
        <LoadFailed
          title="监测专题加载失败"
          onRetry={() => void themes.refetch()}
          testId="themes-error"
        />
      </PageFrame>
    );
  if (!themes.data)
    return (
      <PageFrame title={title} trail={trail}>
        <div className="monitor-page__state" data-testid="themes-loading">
          <Spin size="large" />
        </div>
      </PageFrame>
    );
  const name = themeOfPath(path);
  const theme = themes.data.find((candidate) => candidate.name === name);
  if (!theme)
    return (
      <ResultPage
        status="403"
        title="无法查看该页面"
        text={NO_PERMISSION_MESSAGE}
        testId="access-refused"
      />
    );
  // Another theme is another page: nothing of the last one's state carries over.
  return <ThemeMonitor key={theme.name} theme={theme} title={title} />;
}
